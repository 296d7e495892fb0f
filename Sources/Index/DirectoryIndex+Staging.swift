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
  static let createStaging = PersonRow.createTable("person_staging", orderKey: true)

  /// Writes a full sync's changes into `person_staging`.
  static func stage(_ db: Database, _ changes: [DeltaChange], generation: Int) throws {
    let terms = PersonTerms(db)
    for change in changes {
      switch change {
      case .upsert(let person, let managerId, let managerKnown):
        let previous = try delete(db, from: "person_staging", id: person.id, generation: generation, terms: terms)
        let manager = managerKnown ? managerId : previous?.managerId
        try stage(db, person, managerId: manager, generation: generation, terms: terms)
      case .removed(let id):
        _ = try delete(db, from: "person_staging", id: id, generation: generation, terms: terms)
      }
    }
  }

  /// Appends one person to `person_staging`.
  static func stage(_ db: Database, _ person: Person, managerId: String?, generation: Int, terms: PersonTerms)
    throws
  {
    let columns = PersonRow.columns
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO person_staging(sortKey, \(columns.joined(separator: ", ")))
        VALUES (?\(String(repeating: ", ?", count: columns.count)))
        """)
    var arguments: StatementArguments = [Data(RowOrder.key(person))]
    arguments += try PersonRow.arguments(
      person, generation: generation, manager: managerId.map(ManagerLink.id), terms: terms)
    try insert.execute(arguments: arguments)
  }

  /// Moves `generation`'s staged rows into `person` in `RowOrder`, `RowOrder.gap` apart, at row
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
      // Each row's manager is linked by the row id the manager is placed at, when they are here.
      let columns = PersonRow.columns.joined(separator: ", ")
      let values = PersonRow.columns.map { $0 == "managerId" ? "coalesce(m.placed, s.managerId)" : "s.\($0)" }
      try db.execute(
        sql: """
          WITH numbered AS MATERIALIZED (
            SELECT rowid AS staged, id, ? + (row_number() OVER (ORDER BY sortKey) - 1) * ? AS placed
            FROM person_staging WHERE generation = ?)
          INSERT INTO person(rowid, \(columns))
          SELECT n.placed, \(values.joined(separator: ", "))
          FROM numbered n JOIN person_staging s ON s.rowid = n.staged LEFT JOIN numbered m ON m.id = s.managerId
          ORDER BY n.placed
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
