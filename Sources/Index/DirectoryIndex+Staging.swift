import Foundation
import GRDB
import RosterCore

/// A full sync's rows before they are put in order (`RowOrder`): Graph sends people in no order
/// we know, and the order's row ids are known only once every person is. Pages are appended to
/// `person_staging` as they arrive (each page one committed transaction, so a killed sync
/// resumes as before), with each row's order key; the last page copies them into `person` in
/// that order in one statement (SQLite sorts with bounded memory, spilling to a temporary file).
///
/// Appending twice costs less than inserting once at random: rows used to land all over the
/// table, each page touching a thousand of its pages. Staging holds only the generation being
/// built; readers never look at it.
extension DirectoryIndex {
  static let createStaging = PersonRow.createTable("person_staging", staged: true)

  /// Writes a full sync's changes into `person_staging`, with each row's order key and its
  /// full-text tokens: made while the next page is on its way rather than after the last one.
  static func stage(_ db: Database, _ changes: [DeltaChange], generation: Int) throws {
    let terms = PersonTerms(db)
    var memo = IndexTokenMemo()
    for change in changes {
      switch change {
      case .upsert(let person, let managerId, let managerKnown):
        let previous = try delete(db, from: "person_staging", id: person.id, generation: generation, terms: terms)
        let manager = managerKnown ? managerId : previous?.managerId
        try stage(db, person, managerId: manager, generation: generation, terms: terms, memo: &memo)
      case .removed(let id):
        _ = try delete(db, from: "person_staging", id: id, generation: generation, terms: terms)
      }
    }
  }

  private static let stagingInsert = """
    INSERT INTO person_staging(sortKey, nameTokens, fieldTokens, \(PersonRow.columns.joined(separator: ", ")))
    VALUES (?, ?, ?\(String(repeating: ", ?", count: PersonRow.columns.count)))
    """

  /// Appends one person to `person_staging`.
  static func stage(
    _ db: Database, _ person: Person, managerId: String?, generation: Int, terms: PersonTerms,
    memo: inout IndexTokenMemo
  ) throws {
    let insert = try db.cachedStatement(sql: stagingInsert)
    var arguments: StatementArguments = [Data(RowOrder.key(person)), memo.name(person), memo.fields(person)]
    arguments += try PersonRow.arguments(
      person, generation: generation, manager: managerId.map(ManagerLink.id), terms: terms)
    try insert.execute(arguments: arguments)
  }

  /// Moves `generation`'s staged rows into `person` in `RowOrder`, `RowOrder.gap` apart, and
  /// their tokens into `person_fts` (in row-id order, which FTS5 appends in one pass), at row
  /// ids clear of every row already there (below the live generation when it leaves room, else
  /// above everything: two generations alternate between the two places); the row ids they took,
  /// nil when there were none.
  static func placeStaged(_ db: Database, generation: Int) throws -> ClosedRange<Int64>? {
    let count =
      try Int64.fetchOne(
        db, sql: "SELECT count(*) FROM person_staging WHERE generation = ?", arguments: [generation]) ?? 0
    var span: ClosedRange<Int64>?
    if count > 0 {
      let gap = RowOrder.gap
      let lowest = try Int64.fetchOne(db, sql: "SELECT min(rowid) FROM person")
      let highest = try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM person")
      let base: Int64
      if let lowest, lowest > count * gap + gap { base = gap } else { base = (highest ?? 0) + gap }
      // Where each staged row goes, in the order's order: then each row's manager is linked by the
      // row id the manager is placed at (when they are here) with three look-ups by key, and the
      // rows are written in row-id order without sorting them again. (A join on a `WITH` table
      // had no index: SQLite scanned it once a row.)
      let columns = PersonRow.columns.joined(separator: ", ")
      let values = PersonRow.columns.map { $0 == "managerId" ? "coalesce(mp.placed, s.managerId)" : "s.\($0)" }
      try db.execute(
        sql: """
          CREATE TEMP TABLE placing(placed INTEGER PRIMARY KEY, staged INTEGER NOT NULL UNIQUE);
          INSERT INTO temp.placing(placed, staged)
          SELECT ? + (row_number() OVER (ORDER BY sortKey) - 1) * ?, rowid FROM person_staging WHERE generation = ?;
          INSERT INTO person(rowid, \(columns))
          SELECT p.placed, \(values.joined(separator: ", "))
          FROM temp.placing p JOIN person_staging s ON s.rowid = p.staged
          LEFT JOIN person_staging ms ON ms.generation = s.generation AND ms.id = s.managerId
          LEFT JOIN temp.placing mp ON mp.staged = ms.rowid
          ORDER BY p.placed;
          INSERT INTO person_fts(rowid, name, fields)
          SELECT p.placed, s.nameTokens, s.fieldTokens
          FROM temp.placing p JOIN person_staging s ON s.rowid = p.staged ORDER BY p.placed;
          DROP TABLE temp.placing;
          """,
        arguments: [base, gap, generation])
      span = base...(base + (count - 1) * gap)
    }
    // Without a WHERE clause SQLite frees the table's pages at once instead of row by row.
    let others = try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM person_staging WHERE generation != ?)", arguments: [generation])
    if others == true {
      try db.execute(sql: "DELETE FROM person_staging WHERE generation = ?", arguments: [generation])
    } else {
      try db.execute(sql: "DELETE FROM person_staging")
    }
    return span
  }
}
