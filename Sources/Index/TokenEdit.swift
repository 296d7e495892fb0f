import GRDB
import RosterCore

/// One change to the contentless full-text table. A contentless FTS5 row is deleted by giving
/// back the values it was made from; edits are applied sorted by row id (deletes first), as FTS5
/// writes a segment whenever a row id is not larger than the one before.
enum TokenEdit: Comparable {
  case delete(Int64, Person)
  case insert(Int64, Person)

  var rowid: Int64 {
    switch self {
    case .delete(let rowid, _), .insert(let rowid, _): return rowid
    }
  }

  private var isInsert: Bool { if case .insert = self { true } else { false } }

  static func < (lhs: TokenEdit, rhs: TokenEdit) -> Bool {
    lhs.rowid != rhs.rowid ? lhs.rowid < rhs.rowid : (!lhs.isInsert && rhs.isInsert)
  }

  static func == (lhs: TokenEdit, rhs: TokenEdit) -> Bool {
    lhs.rowid == rhs.rowid && lhs.isInsert == rhs.isInsert
  }

  static func apply(_ edits: [TokenEdit], _ db: Database) throws {
    let insert = try db.cachedStatement(sql: "INSERT INTO person_fts(rowid, name, fields) VALUES (?, ?, ?)")
    let delete = try db.cachedStatement(
      sql: "INSERT INTO person_fts(person_fts, rowid, name, fields) VALUES ('delete', ?, ?, ?)")
    for edit in edits {
      switch edit {
      case .delete(let rowid, let person):
        try delete.execute(arguments: [rowid, IndexTokens.name(person), IndexTokens.fields(person)])
      case .insert(let rowid, let person):
        try insert.execute(arguments: [rowid, IndexTokens.name(person), IndexTokens.fields(person)])
      }
    }
  }
}
