import GRDB
import RosterCore

/// Keeping `ManagerLink`s right as rows come, go and move in the live generation.
extension DirectoryIndex {
  /// The link to the manager with object id `id`: their row id when their row is in
  /// `generation`, else the id.
  static func link(_ db: Database, toManager id: String?, generation: Int) throws -> ManagerLink? {
    guard let id else { return nil }
    let find = try db.cachedStatement(sql: "SELECT rowid FROM person WHERE generation = ? AND id = ?")
    return try Int64.fetchOne(find, arguments: [generation, PersonRow.key(id)]).map(ManagerLink.row) ?? .id(id)
  }

  /// The object id a link names.
  static func managerId(_ db: Database, _ link: ManagerLink?) throws -> String? {
    switch link {
    case .row(let rowid)?:
      let find = try db.cachedStatement(sql: "SELECT id FROM person WHERE rowid = ?")
      return try DatabaseValue.fetchOne(find, arguments: [rowid]).flatMap(PersonRow.identifier)
    case .id(let id)?: return id
    case nil: return nil
    }
  }

  /// A row is gone from `rowid`: its reports name it by its object id until it comes back.
  static func unlinkReports(_ db: Database, of rowid: Int64, id: String, generation: Int) throws {
    try db.cachedStatement(sql: "UPDATE person SET managerId = ? WHERE +generation = ? AND managerId = ?")
      .execute(arguments: [PersonRow.key(id), generation, rowid])
  }

  /// A row arrived at `rowid`: the reports that named it by object id now name its row.
  static func linkReports(_ db: Database, to rowid: Int64, id: String, generation: Int) throws {
    try db.cachedStatement(sql: "UPDATE person SET managerId = ? WHERE +generation = ? AND managerId = ?")
      .execute(arguments: [rowid, generation, PersonRow.key(id)])
  }

  /// Rows moved: their reports' links move with them, through negative ids as the rows do, since
  /// one row's new id may be another's old one.
  static func moveReports(_ db: Database, _ moves: [(from: Int64, to: Int64)], generation: Int) throws {
    let relink = try db.cachedStatement(
      sql: "UPDATE person SET managerId = ? WHERE +generation = ? AND managerId = ?")
    for move in moves { try relink.execute(arguments: [-move.from, generation, move.from]) }
    for move in moves { try relink.execute(arguments: [move.to, generation, -move.from]) }
  }
}
