import GRDB

/// Schema v9 (issue 32): filters few people meet answered from an index instead of a scan.
///
/// A filter alone was a condition on every row read in row-id order (the ranking's order,
/// `RowOrder`), so a filter few or no people meet (`office:"x"`, `city:Kyiv title:Sta`) read the
/// whole table before it knew the page was short: 80–100 ms at 200,000 people (debug), 400 ms at a
/// million (release). These indexes hold, per filterable column, the row ids of the people with
/// each value; `IndexFilterClause.rows` counts a query's candidates in them and, when they are
/// few, reads only those rows, in row-id order, so results and their order are exactly the scan's.
///
/// Kept small, since every person pays for them (about 10 bytes an entry): the columns are the
/// numbers of `PersonTerms` (a byte or two beside the row id), partial (`IS NOT NULL`: no entry
/// for people without the value), and an office, which is text (`PersonRow`), is indexed by its
/// first four case-folded characters only (`officeKey`), enough to tell one city's offices from
/// another's. `is:disabled` has a partial index of the disabled alone; the user type has whether
/// the person has a mobile beside it (`person_kind`: `is:guest has:mobile` is few people though
/// each is many, 69 ms at a million by the scan); `has:mobile` alone has none (half of everyone:
/// the scan fills a page at once). SQLite keeps them on every write path (a delta round, a
/// renumbering, a purge) without the writers knowing of them, but for a full sync's placing,
/// which creates them again at its end (`withoutFilterIndexes`); a file already filled gets them
/// here, from its rows, without a sync.
extension DirectoryIndex {
  /// The filter indexes, each a name and what follows `ON`: the one list the migration creates
  /// and a full sync drops and creates again (`withoutFilterIndexes`).
  static let filterIndexes: [(name: String, on: String)] =
    ["department", "jobTitle", "companyName", "city", "country"].map {
      ("person_\($0)", "person(\($0)) WHERE \($0) IS NOT NULL")
    } + [
      ("person_office", "person(\(IndexFilterClause.officeKey)) WHERE officeLocation IS NOT NULL"),
      ("person_disabled", "person(accountEnabled) WHERE accountEnabled = 0"),
      ("person_kind", "person(userType, \(IndexFilterClause.hasMobile)) WHERE userType IS NOT NULL"),
    ]

  static func addFilterIndexes(_ db: Database) throws {
    let pagesBefore = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
    try createFilterIndexes(db)
    // The file is as packed as before, only larger: `compactIfGrown` measures growth from here,
    // not from before the indexes (it would otherwise `VACUUM` at the next delta round).
    if let packed = try meta(db)["packed_pages"].flatMap({ Int($0) }) {
      let pagesAfter = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      try set(db, ["packed_pages": String(packed + max(0, pagesAfter - pagesBefore))])
    }
  }

  private static func createFilterIndexes(_ db: Database) throws {
    for index in filterIndexes { try db.execute(sql: "CREATE INDEX \(index.name) ON \(index.on)") }
  }

  /// Runs `body` (a full sync's placing and purge, in the caller's transaction) with the filter
  /// indexes dropped, then creates them again from the rows `body` left.
  ///
  /// Kept row by row, the eight indexes took every placed and every purged row through eight
  /// B-trees (a full sync of 200,000 people 15.4 → 18.5 s, of a million 90 → 118 s); `CREATE
  /// INDEX` sorts each column's values once. Readers see the indexes throughout: in WAL they read
  /// the snapshot before the transaction until it commits, and after it the new ones. A failure
  /// rolls the transaction back, indexes included. Delta rounds, a few rows, keep them row by row.
  static func withoutFilterIndexes<Value>(_ db: Database, _ body: () throws -> Value) throws -> Value {
    for index in filterIndexes { try db.execute(sql: "DROP INDEX \(index.name)") }
    let value = try body()
    try createFilterIndexes(db)
    return value
  }
}

extension IndexFilterClause {
  /// The key `person_office` indexes an office by: its first four characters case-folded as the
  /// filter compares them (`roster_office_key`, `DirectoryIndex+Lookup`), so the people whose
  /// office may start with a value are one range of keys, whatever the script ("K" folds to "k",
  /// "İ" to "i̇"). Four characters tell one city's offices from another's, for ~4 bytes an entry.
  /// The keys are stored: a change to `TextFolding.caseFolded` needs a migration that runs
  /// `REINDEX person_office`, or the index would miss the offices whose fold changed.
  static let officeKey = "roster_office_key(officeLocation)"

  /// `person_kind`'s second column: whether the person has a mobile (a 0 or 1, which SQLite
  /// keeps in the entry's header alone).
  static let hasMobile = "(mobilePhone IS NOT NULL)"

  /// Row ids (of any generation) of every person who may meet one filter, read from its index:
  /// exactly the filter's people for a numbered property or `is:disabled`; for an office, those
  /// whose `officeKey` agrees with the value's first characters (the clause checks the rest).
  struct Source {
    /// `SELECT rowid FROM person WHERE …`, so a further condition can be added with `AND`.
    var sql: String
    var arguments: StatementArguments = []

    /// A numbered property (`PersonTerms`) holding one of `ids` (numbers, comma-separated).
    init(column: String, in ids: String) {
      sql = "SELECT rowid FROM person WHERE \(column) IN (\(ids))"
    }

    static let disabled = Source(sql: "SELECT rowid FROM person WHERE accountEnabled = 0")

    /// A user type of `ids` (numbers, comma-separated), and with a mobile when `hasMobile`.
    init(userTypeIn ids: String, hasMobile: Bool) {
      sql =
        "SELECT rowid FROM person WHERE userType IN (\(ids))"
        + (hasMobile ? " AND \(IndexFilterClause.hasMobile) = 1" : "")
    }

    private init(sql: String) { self.sql = sql }

    /// Offices whose case-folded text may start with `folded` (a case-folded value): those whose
    /// key (`officeKey`, the first four characters folded) starts with the value's first four
    /// characters; the clause checks the rest. A value of four or more is one key, whose ids the
    /// index holds in order, so a window of row ids is a seek (`rows`); a shorter one is a range
    /// of keys, read through to find a window's ids (1 ms for a city's 16,000 at a million).
    init(officeStartingWith folded: String) {
      let head = String.UnicodeScalarView(folded.unicodeScalars.prefix(4))
      let keyed = "SELECT rowid FROM person WHERE officeLocation IS NOT NULL AND \(officeKey)"
      guard head.count < 4 else {
        sql = "\(keyed) = ?"
        arguments = [String(head)]
        return
      }
      // The first key past every key that starts with `head`: its last character's successor
      // (UTF-8 orders bytes as characters are numbered; the surrogates are no characters).
      var past = String.UnicodeScalarView(head.dropLast())
      let last = head.last?.value ?? 0
      past.append(Unicode.Scalar(last + 1) ?? Unicode.Scalar(0xE000)!)
      sql = "\(keyed) >= ? AND \(officeKey) < ?"
      arguments = [String(head), String(past)]
    }
  }

  /// When `rows` reads a source instead of scanning.
  struct Limits {
    /// A source counted below this is read whole at once (at a million people, 5,000 of them are
    /// a page in 20,000 rows of the scan, 1.4 ms; reading them, 0.6 ms).
    var fewPeople = 5_000
    /// How many people the scan reads before it asks whether a source would be quicker: ~1.5 ms.
    var scanFirst: Int64 = 20_000
    /// The share of the people scanned first a source may hold and still be read instead of the
    /// rest of the scan: a row read from a source costs ~0.35 µs (its id collected, the row found
    /// by id), one scanned ~0.07 µs, so a source of fewer than a fifth of the rows is quicker.
    var sourceShare = 0.2
  }

  /// The rows of a query of filters without name words (in row-id order, the ranking's), read
  /// through `scan(condition, arguments, wanted)`, which reads the rows meeting `condition`
  /// (placed before the clause's own, ending in `AND `) in row-id order.
  ///
  /// A filter met by many is a scan in row-id order that stops at the page's end, as before; one
  /// met by few is a source's rows (`p.rowid IN (subquery)` reads the row ids into a sorted set
  /// and the rows in that order, so they come as the scan's would). Which is which is learnt
  /// cheaply: a source counted below `Limits.fewPeople` is read whole at once (`office:x`, a rare
  /// title); else the scan reads the first `Limits.scanFirst` people, which fills a page whenever
  /// the filters are met by one in 200 or more. Only when it comes up short (`city:Paris
  /// title:Acc`, `is:guest has:mobile`: each common, together rare) is the rest read from the
  /// source with the fewest of those first people, if few enough (`Limits.sourceShare`; kept
  /// only where the next fewest has them too), in windows of row ids that double (20,000
  /// people, 40,000 …): the page is often full long before the end, and a window's ids are only
  /// those in its range (the index holds value, row id), where collecting a common source's
  /// every id cost ~5 ms at a million.
  func rows(
    _ db: Database, wanted: Int, meta: [String: String],
    scan: (_ condition: String, _ arguments: StatementArguments, _ wanted: Int) throws -> [DirectoryIndex.Ranked]
  ) throws -> [DirectoryIndex.Ranked] {
    guard !sources.isEmpty, let span = RowOrder.span(meta) else { return try scan("", [], wanted) }
    if let few = try counted(db, below: limits.fewPeople).first, few.count < limits.fewPeople {
      return try scan("p.rowid IN (\(few.source.sql)) AND ", few.source.arguments, wanted)
    }
    var low = span.lowerBound + limits.scanFirst * RowOrder.gap
    var rows = try scan("p.rowid < ? AND ", [low], wanted)
    guard rows.count < wanted, low <= span.upperBound else { return rows }
    let share = Int(Double(limits.scanFirst) * limits.sourceShare)
    let counts = try counted(db, below: share, where: "rowid < ?", [low])
    guard let rarest = counts.first, rarest.count < share else {
      return rows + (try scan("p.rowid >= ? AND ", [low], wanted - rows.count))
    }
    // Two filters each met by many and together by few (`city:Cairo title:Sol`): most of the
    // rarest's rows fail the other, so its ids are kept only where the other's index has them
    // too, rather than each row read to be dropped (at a million, 6.5 → 2.4 ms); worth it while
    // the other's ids are not many more (collecting one costs ~0.1 µs, reading a row ~0.25).
    let other = counts.dropFirst().first.flatMap { $0.count * 2 < max(rarest.count, 1) * 5 ? $0.source : nil }
    var size = limits.scanFirst * RowOrder.gap
    while rows.count < wanted, low <= span.upperBound {
      // The last window is open above: whatever lies past the live span is read as the scan would.
      let last = size > span.upperBound - low
      let range = last ? "rowid >= ?" : "rowid >= ? AND rowid < ?"
      let bounds: StatementArguments = last ? [low] : [low, low + size]
      var ids = "\(rarest.source.sql) AND \(range)"
      var arguments = rarest.source.arguments + bounds
      if let other {
        ids += " AND rowid IN (\(other.sql) AND \(range))"
        arguments += other.arguments + bounds
      }
      rows += try scan("p.rowid IN (\(ids)) AND ", arguments, wanted - rows.count)
      low += size
      size *= 2
    }
    return rows
  }

  /// Each source with its row ids (those meeting `condition`, on `rowid`, when given) counted
  /// up to `limit` (a B-tree's entries, in C), fewest first; a source with none ends the count.
  private func counted(
    _ db: Database, below limit: Int, where condition: String? = nil, _ arguments: StatementArguments = []
  ) throws -> [(source: Source, count: Int)] {
    var counts: [(source: Source, count: Int)] = []
    for source in sources {
      let sql = source.sql + (condition.map { " AND \($0)" } ?? "")
      let counting = "SELECT count(*) FROM (\(sql) LIMIT \(limit))"
      let count = try Int.fetchOne(db, sql: counting, arguments: source.arguments + arguments) ?? 0
      counts.append((source, count))
      // No one: the empty set answers at once.
      if count == 0 { break }
    }
    return counts.sorted { $0.count < $1.count }
  }
}
