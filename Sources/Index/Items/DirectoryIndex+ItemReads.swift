import Foundation
import GRDB
import RosterCore
import SearchRules

/// Reads of an `ItemTable`'s live generation: the search, one row, the count, and the rows due
/// by a date. Written once for every kind the table describes.
extension DirectoryIndex {
  /// Items matching `text` as Graph's `$search` on the kind would (`ODataText.searchExpression`
  /// over `table.schema`): every significant word's parts start tokens of the tokenized fields; a
  /// word with no letter or digit constrains nothing, and a query of only such words finds none;
  /// words past the server's limit are checked locally (`WordMatch`). Names that start with the
  /// first word come first, then by name, sorted before the page is cut.
  public func search<Item>(_ text: String, in table: ItemTable<Item>, limit: Int) throws -> [Item] {
    let words = QueryWords(text, style: .search)
    let clauses = words.server.compactMap { word -> String? in
      guard !table.schema.properties(for: word).isEmpty else { return nil }
      let parts = NameTokenizer.queryTokens(word).filter { !$0.isEmpty }
      return parts.isEmpty ? nil : "(" + parts.map { "\"\(IndexTokens.raw($0))\"*" }.joined(separator: " AND ") + ")"
    }
    guard !clauses.isEmpty, limit > 0 else { return [] }
    let rules = words.local.map(WordMatch.init)
    let startsWith = GroupIndexQuery.likeEscaped(Narrowing.words(text).first ?? "") + "%"
    return try pool.read { db in
      let rows = try String.fetchCursor(
        db.cachedStatement(
          sql: """
            SELECT d.json FROM \(table.fts) CROSS JOIN \(table.name) d ON d.rowid = \(table.fts).rowid
            WHERE \(table.fts) MATCH ? AND d.generation = ?
            ORDER BY d.name NOT LIKE ? ESCAPE '\\', d.name COLLATE NOCASE, d.id
            """),
        arguments: [clauses.joined(separator: " AND "), try Self.liveGeneration(of: table, db), startsWith])
      var items: [Item] = []
      let decoder = JSONDecoder()
      while items.count < limit, let json = try rows.next() {
        // A row that is not an item's JSON (written by something else) is passed over.
        guard let item = try? decoder.decode(Item.self, from: Data(json.utf8)),
          rules.allSatisfy({ $0.matches(item.searchFields) })
        else { continue }
        items.append(item)
      }
      return items
    }
  }

  /// The item with object id `id` (case-insensitive), as the last sync kept it.
  public func item<Item>(id: String, in table: ItemTable<Item>) throws -> Item? {
    let json = try pool.read { db in
      try String.fetchOne(
        db, sql: "SELECT json FROM \(table.name) WHERE generation = ? AND id = ? COLLATE NOCASE",
        arguments: [try Self.liveGeneration(of: table, db), id])
    }
    return json.flatMap { try? JSONDecoder().decode(Item.self, from: Data($0.utf8)) }
  }

  /// At most `limit` items whose `due` date is at or before `date`, soonest first, then by name
  /// (an app's credentials expiring within 30 days). Items without a date are never due; a table
  /// without `due` has none.
  public func items<Item>(in table: ItemTable<Item>, dueBefore date: Date, limit: Int) throws -> [Item] {
    guard table.due != nil, limit > 0 else { return [] }
    return try pool.read { db in
      let rows = try String.fetchCursor(
        db.cachedStatement(sql: table.dueQuery),
        arguments: [try Self.liveGeneration(of: table, db), date.timeIntervalSince1970, limit])
      var items: [Item] = []
      let decoder = JSONDecoder()
      while let json = try rows.next() {
        guard let item = try? decoder.decode(Item.self, from: Data(json.utf8)) else { continue }
        items.append(item)
      }
      return items
    }
  }

  /// What the table keeps: nil count before its first full round finished, or with the
  /// permission the token lacks.
  static func count<Item>(in table: ItemTable<Item>, _ db: Database) throws -> KindIndexCount {
    let meta = try meta(db)
    let ready = readiness(of: table, meta)
    guard ready.kept, let generation = Int(meta[table.key.generation] ?? "") else {
      return KindIndexCount(count: nil, problem: ready.missingPermission)
    }
    let count = try Int.fetchOne(
      db, sql: "SELECT count(*) FROM \(table.name) WHERE generation = ?", arguments: [generation])
    return KindIndexCount(count: count ?? 0)
  }

  /// The table's live generation (0 before its first full round finished).
  static func liveGeneration<Item>(of table: ItemTable<Item>, _ db: Database) throws -> Int {
    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [table.key.generation])
      .flatMap { Int($0) } ?? 0
  }
}
