import GRDB
import RosterCore

/// Schema v4 (issue 28): the mail-name words (`IndexTokens.mailNames`) added to the full-text
/// rows of the people who have any, in place. Most people have none (their mail is their name),
/// so only their rows are touched: each is deleted with the tokens v3 wrote (`plainFields`:
/// the table is contentless, so a row is deleted by giving its tokens back) and written again
/// with the new ones. Deletes go first and inserts after, each in row-id order, because FTS5
/// starts a new segment whenever a row id is not above the one before. An unfinished full sync's
/// staged rows get their new tokens too, so they are placed as the current code writes them.
extension DirectoryIndex {
  static func addMailNameTokens(_ db: Database) throws {
    // Rows are read with today's `PersonRow.selection()`, which names v8's columns.
    try addLookupColumns(db)
    let terms = PersonTerms(db)
    var changed: [(rowid: Int64, name: String, plain: String, marked: String)] = []
    var after: Int64 = .min
    while true {
      let rows = try Row.fetchAll(
        db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE rowid > ? ORDER BY rowid LIMIT 5000",
        arguments: [after])
      guard let last = rows.last else { break }
      after = PersonRow.rowid(last)
      for row in rows {
        let person = PersonRow.person(row, terms)
        let marks = IndexTokens.mailNames(person)
        guard !marks.isEmpty else { continue }
        let plain = IndexTokens.plainFields(person)
        changed.append(
          (PersonRow.rowid(row), IndexTokens.name(person), plain, IndexTokens.fields(plain, mailNames: marks)))
      }
    }
    let delete = try db.makeStatement(
      sql: "INSERT INTO person_fts(person_fts, rowid, name, fields) VALUES ('delete', ?, ?, ?)")
    for row in changed { try delete.execute(arguments: [row.rowid, row.name, row.plain]) }
    let insert = try db.makeStatement(sql: "INSERT INTO person_fts(rowid, name, fields) VALUES (?, ?, ?)")
    for row in changed { try insert.execute(arguments: [row.rowid, row.name, row.marked]) }
    try restageMailNames(db, terms: terms)
  }

  /// `person_staging`'s field tokens with the mail-name words, for the rows that have any.
  private static func restageMailNames(_ db: Database, terms: PersonTerms) throws {
    let update = try db.makeStatement(sql: "UPDATE person_staging SET fieldTokens = ? WHERE rowid = ?")
    var after: Int64 = .min
    while true {
      let rows = try Row.fetchAll(
        db,
        sql:
          "SELECT \(PersonRow.selection()), fieldTokens FROM person_staging WHERE rowid > ? ORDER BY rowid LIMIT 5000",
        arguments: [after])
      guard let last = rows.last else { break }
      after = PersonRow.rowid(last)
      for row in rows {
        let marks = IndexTokens.mailNames(PersonRow.person(row, terms))
        guard !marks.isEmpty else { continue }
        let plain: String = row["fieldTokens"] ?? ""
        try update.execute(arguments: [IndexTokens.fields(plain, mailNames: marks), PersonRow.rowid(row)])
      }
    }
  }
}
