import AppRuntime
import Foundation
import GRDB
import RosterCore
import SearchRules

/// One account's local copy of the directory: people, their manager ids, and the delta link that
/// keeps them fresh, in SQLite (WAL) with an FTS5 table for `$search`-equivalent queries.
///
/// Rows carry a *generation*: a full sync writes a new generation beside the live one and
/// switches in one transaction when its last page has arrived, so searches always see a complete
/// directory — the old one until the new one is whole. Delta rounds edit the live generation,
/// one page per transaction, each person's row always a state Graph really sent.
public final class DirectoryIndex: Sendable {
  public let location: IndexLocation
  let pool: DatabasePool
  /// The name words close matches are looked up in, and the state of the index they were read
  /// from (`DirectoryIndex+CloseMatches`).
  let vocabulary = LockedValue<VocabularyCache>(VocabularyCache())
  /// The numbered texts of `person` rows read so far (`PersonTerms`): numbers are never reused.
  let personTerms = LockedValue<PersonTerms.Known>(PersonTerms.Known())
  /// The file opened and the first read that failed as damage (`DirectoryIndex+Health`).
  let health: IndexHealth
  /// The person's own people as searches rank them (`DirectoryIndex+YourPeopleSearch`).
  let yours = LockedValue<YoursCache>(YoursCache())

  /// An index written by an older version, opened with `upgrade: false`.
  public struct NeedsUpgrade: Error {}

  /// Opens (creating when missing) the index at `location`. A file SQLite cannot read as a
  /// database is moved aside (`….corrupt-<time>`), `report` is told once, and a new one is made.
  /// A file from an older version is upgraded in place, which rewrites it (about 12 s at 200,000
  /// people, 100 s at a million, once); without `upgrade` it is left alone and `NeedsUpgrade` is
  /// thrown instead (shell completion must answer at once or not at all).
  public static func open(_ location: IndexLocation, upgrade: Bool = true, report: (String) -> Void = { _ in })
    throws -> DirectoryIndex
  {
    try location.prepare()
    do {
      return try DirectoryIndex(location: location, upgrade: upgrade)
    } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
      let aside = location.file.path + ".corrupt-\(Int(Date().timeIntervalSince1970))"
      try? FileManager.default.moveItem(atPath: location.file.path, toPath: aside)
      for file in location.allFiles.dropFirst() where file != location.lockFile {
        try? FileManager.default.removeItem(at: file)
      }
      report("Local index damaged: rebuilding it from the directory; the damaged file is kept as \(aside).")
      try location.prepare()
      return try DirectoryIndex(location: location, upgrade: upgrade)
    }
  }

  /// How long a read or write waits for another process's lock before giving up: 10 s, or
  /// `ROSTER_INDEX_BUSY_SECONDS`. The end-to-end test that proves the first frame never waits for
  /// the index sets it far past its own patience, so "the screen came while the index waited" is an
  /// order of events rather than a race against the 10 s.
  static var busyTimeout: TimeInterval {
    ProcessInfo.processInfo.environment["ROSTER_INDEX_BUSY_SECONDS"].flatMap(TimeInterval.init).map { max(0, $0) }
      ?? 10
  }

  private init(location: IndexLocation, upgrade: Bool) throws {
    self.location = location
    health = IndexHealth(path: location.file.path)
    var configuration = Configuration()
    configuration.busyMode = .timeout(Self.busyTimeout)
    configuration.label = "roster.index"
    configuration.prepareDatabase(Self.addFunctions)
    pool = try DatabasePool(path: location.file.path, configuration: configuration)
    let (upgrading, used) = try pool.read { db in
      (try !Self.migrator.hasCompletedMigrations(db), try db.tableExists("grdb_migrations"))
    }
    if upgrading, used, !upgrade { throw NeedsUpgrade() }
    try Self.migrator.migrate(pool)
    // An upgrade rewrites the people tables and leaves the old pages free (v2 → v3: ~30 % of the
    // file): packed now rather than at the next full sync. A new, empty file has nothing to pack.
    if upgrading { try compact() }
    // Reads the schema and a page of data: a damaged file fails here, not in the first search.
    _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM meta") }
  }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE meta(key TEXT PRIMARY KEY NOT NULL, value TEXT);
          CREATE TABLE person(
            rowid INTEGER PRIMARY KEY, generation INTEGER NOT NULL, id TEXT NOT NULL,
            displayName TEXT, givenName TEXT, surname TEXT, mail TEXT, userPrincipalName TEXT, jobTitle TEXT,
            department TEXT, companyName TEXT, officeLocation TEXT, businessPhones TEXT, mobilePhone TEXT,
            userType TEXT, accountEnabled INTEGER, managerId TEXT, UNIQUE(generation, id));
          CREATE INDEX person_manager ON person(generation, managerId);
          CREATE VIRTUAL TABLE person_fts USING fts5(
            name, fields, content='', tokenize='ascii', prefix='2 4 6', detail='column');
          """)
    }
    registerGroupMigration(&migrator)
    migrator.registerMigration("v2-compact-ranked-people", migrate: compactPeople)
    migrator.registerMigration("v3-interned-people", migrate: internPeople)
    migrator.registerMigration("v4-mail-name-tokens", migrate: addMailNameTokens)
    migrator.registerMigration("v5-raw-group-tokens", migrate: rawGroupTokens)
    migrator.registerMigration("v6-rooms", migrate: addRooms)
    migrator.registerMigration("v7-reach", migrate: addReach)
    migrator.registerMigration("v8-lookup", migrate: addLookups)
    migrator.registerMigration("v9-filter-indexes", migrate: addFilterIndexes)
    migrator.registerMigration("v10-your-people", migrate: addYourPeople)
    for indexed in IndexedKinds.all { indexed.registerMigrations(&migrator) }
    return migrator
  }

  /// The people tables of issue 22, upgraded in place, in one transaction at the first open:
  /// row ids in alphabetical order (`RowOrder`), object ids as 16 bytes and a principal name
  /// equal to the mail as "" (`PersonRow`), and a full-text table without per-row column sizes
  /// (`columnsize=0`: nothing reads them). The live generation is rewritten a batch at a time
  /// and its tokens written once in row-id order; an unfinished full sync is dropped (the next
  /// sync starts it again).
  private static func compactPeople(_ db: Database) throws {
    let live = try liveGeneration(db)
    try db.execute(
      sql: """
        DROP TABLE person_fts;
        DELETE FROM person WHERE generation != \(live);
        CREATE VIRTUAL TABLE person_fts USING fts5(
          name, fields, content='', tokenize='ascii', prefix='2 4 6', detail='column', columnsize=0);
        CREATE VIRTUAL TABLE person_vocab USING fts5vocab(person_fts, 'col');
        CREATE TEMP TABLE old_person AS SELECT rowid AS old FROM person ORDER BY rowid;
        """)
    try set(db, ["building_generation": nil, "building_link": nil, "building_count": nil, "building_profiles": nil])
    var done = 0
    while true {
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT \(PersonRowV2.selection(from: "p")) FROM temp.old_person o JOIN person p ON p.rowid = o.old
          ORDER BY o.old LIMIT 5000 OFFSET ?
          """,
        arguments: [done])
      if rows.isEmpty { break }
      done += rows.count
      let people = rows.map { (PersonRowV2.person($0), PersonRowV2.managerId($0)) }
      for row in rows { try db.execute(sql: "DELETE FROM person WHERE rowid = ?", arguments: [PersonRow.rowid(row)]) }
      try PersonRowV2.insert(db, people, generation: live)
    }
    try db.execute(sql: "DROP TABLE temp.old_person")
    // No tokens: `v3-interned-people`, which runs in the same open, drops this table and writes
    // the live rows' tokens in their new order.
  }

  /// Schema v3 (issue 22): job title, department, company, user type and the mail's domain held
  /// by number in `person_term`, a given name or surname that is the display name's first or last
  /// word held as 0 (`PersonRow`), and columns without a declared type, so a number stays a
  /// number; full-text tokens as they are instead of hex (`IndexTokens.raw`), with prefix indexes
  /// for one to three characters; the live generation's rows in `RowOrder`, `RowOrder.gap` apart,
  /// with their tokens written again. An unfinished full sync's rows go to `person_staging` with
  /// their generation and values unchanged, so it resumes; a replaced generation not yet purged
  /// is dropped.
  private static func internPeople(_ db: Database) throws {
    try db.execute(
      sql: """
        DROP TABLE person_vocab;
        DROP TABLE person_fts;
        DROP INDEX person_manager;
        ALTER TABLE person RENAME TO person_v2;
        \(PersonTerms.createTable);
        \(PersonRow.createTable());
        \(createStaging);
        \(PersonRow.createManagerIndex);
        CREATE VIRTUAL TABLE person_fts USING fts5(
          name, fields, content='', tokenize='ascii', prefix='1 2 3', detail='column', columnsize=0);
        CREATE VIRTUAL TABLE person_vocab USING fts5vocab(person_fts, 'col');
        """)
    let live = try liveGeneration(db)
    let building = try meta(db)["building_generation"].flatMap { Int($0) }
    let terms = PersonTerms(db)
    // The tokens of v3 exactly: `v4-mail-name-tokens`, which runs after this, adds to them.
    var memo = IndexTokenMemo(mailNames: false)
    var after: Int64 = .min
    while true {
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT \(PersonRowV2.selection()) FROM person_v2 WHERE rowid > ? AND generation IN (?, ?)
          ORDER BY rowid LIMIT 5000
          """,
        arguments: [after, live, building ?? live])
      guard let last = rows.last else { break }
      after = PersonRow.rowid(last)
      for row in rows {
        try stage(
          db, PersonRowV2.person(row), managerId: PersonRowV2.managerId(row), generation: row[1], terms: terms,
          memo: &memo)
      }
    }
    try db.execute(sql: "DROP TABLE person_v2")
    let span = try placeStaged(db, generation: live)
    try set(db, RowOrder.spanValues(span))
  }

  // MARK: - Reading

  /// A read with the numbered texts of `person` rows (`PersonTerms`), keeping those it looked up.
  func read<Value>(_ body: (Database, PersonTerms) throws -> Value) throws -> Value {
    try pool.read { db in
      let terms = PersonTerms(db, known: personTerms.current)
      let value = try body(db, terms)
      if terms.grew { personTerms.withLock { $0.texts.merge(terms.known.texts) { held, _ in held } } }
      return value
    }
  }

  /// `detail(id:)` for an object id, user principal name or mail address (case-insensitive), as
  /// `roster show` accepts them.
  public func detail(lookingUp key: String) throws -> PersonDetail? {
    // A user principal name stored as "" is the mail's (`PersonRow`): the mail clause finds it.
    // The mail is held as its local part and its domain's number (`PersonRow`).
    let at = key.lastIndex(of: "@")
    let local = at.map { String(key[..<$0]) } ?? key
    let domain = at.map { String(key[key.index(after: $0)...]) }
    let id = try pool.read { db in
      try DatabaseValue.fetchOne(
        db,
        sql: """
          SELECT id FROM person WHERE generation = ?
          AND (id = ? OR userPrincipalName = ? COLLATE NOCASE OR (mail = ? COLLATE NOCASE AND (
            (mailDomain IS NULL AND ? IS NULL)
            OR mailDomain IN (SELECT id FROM person_term WHERE text = ? COLLATE NOCASE)))) LIMIT 1
          """,
        arguments: [try Self.liveGeneration(db), PersonRow.key(key), key, local, domain, domain])
    }
    return try id.flatMap(PersonRow.identifier).flatMap { try detail(id: $0) }
  }

  /// The person, their reporting line (nearest manager first, up to the top) and direct reports
  /// as the index holds them, for the detail pane while Graph cannot be reached. Relations are
  /// marked hidden when the token could not read managers. A loop in bad data ends the chain.
  public func detail(id: String) throws -> PersonDetail? {
    try read { db, terms in
      let generation = try Self.liveGeneration(db)
      let managersKnown = try Self.meta(db)["managers_known"] == "1"
      let find = try db.cachedStatement(
        sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ? AND id = ?")
      guard let row = try Row.fetchOne(find, arguments: [generation, PersonRow.key(id)]) else { return nil }
      var chain: [Person] = []
      var seen: Set<String> = [id]
      let byRow = try db.cachedStatement(
        sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ? AND rowid = ?")
      var next = PersonRow.manager(row)
      while let link = next {
        let manager: Row?
        switch link {
        case .row(let rowid): manager = try Row.fetchOne(byRow, arguments: [generation, rowid])
        case .id(let managerId): manager = try Row.fetchOne(find, arguments: [generation, PersonRow.key(managerId)])
        }
        guard let manager, seen.insert(PersonRow.id(manager)).inserted else { break }
        chain.append(PersonRow.person(manager, terms))
        next = PersonRow.manager(manager)
      }
      let reports = try PersonRow.people(
        db,
        sql: """
          SELECT \(PersonRow.selection()) FROM person WHERE +generation = ? AND managerId IN (?, ?)
          ORDER BY displayName COLLATE NOCASE
          """,
        arguments: [generation, PersonRow.rowid(row), PersonRow.key(id)], terms: terms)
      return PersonDetail(
        person: PersonRow.person(row, terms, identifiers: true), managerChain: chain, directReports: reports,
        relationsHidden: !managersKnown, fromIndex: true)
    }
  }

  /// Whether a full sync has finished at least once: only then may searches use the index.
  public func status() throws -> IndexStatus {
    try pool.read { db in
      let meta = try Self.meta(db)
      let generation = Self.liveGeneration(meta)
      let people = try Int.fetchOne(
        db, sql: "SELECT count(*) FROM person WHERE generation = ?", arguments: [generation])
      let building = Int(meta["building_generation"] ?? "").map { _ in Int(meta["building_count"] ?? "") ?? 0 }
      let size = location.allFiles.prefix(3).reduce(Int64(0)) { total, url in
        total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0)
      }
      let groups = try Self.groupStatus(db, meta: meta)
      let rooms = try Self.roomStatus(db, meta: meta)
      let ready = IndexReadiness(meta: meta)
      var status = IndexStatus(
        file: location.file.path, sizeBytes: size, people: generation > 0 ? (people ?? 0) : 0,
        complete: ready.complete, lastSync: ready.lastSync,
        indexing: building, estimate: Int(meta["estimate"] ?? ""),
        managersKnown: meta["managers_known"] == "1",
        profiles: meta["profiles"].flatMap(ProfileGrant.init(rawValue:)) ?? .full,
        permissionProblem: meta["permission_problem"], groups: groups.groups,
        groupsMissingPermission: groups.problem?.permission, rooms: rooms.rooms, roomsRefreshed: rooms.refreshed,
        roomsMissingPermission: rooms.missingPermission, roomsFailure: rooms.failure)
      status.kinds = Dictionary(
        uniqueKeysWithValues: try Self.kindCounts(db).map { ($0.key.rawValue, IndexedKindStatus($0.value)) })
      status.worksWith = try Int.fetchOne(db, sql: "SELECT count(*) FROM works_with") ?? 0
      status.worksWithRead = Double(meta["works_with_read_at"] ?? "").map(Date.init(timeIntervalSince1970:))
      status.opened = try Int.fetchOne(db, sql: "SELECT count(*) FROM opened") ?? 0
      return status
    }
  }

  static func liveGeneration(_ db: Database) throws -> Int {
    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'generation'").flatMap { Int($0) } ?? 0
  }

  /// The live generation as `meta(db)` records it; 0 before the first full sync.
  static func liveGeneration(_ meta: [String: String]) -> Int { meta["generation"].flatMap { Int($0) } ?? 0 }

  static func meta(_ db: Database) throws -> [String: String] {
    var values: [String: String] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT key, value FROM meta") {
      let key: String = row["key"]
      values[key] = row["value"]
    }
    return values
  }

  /// Deletes the index files (`roster index forget`, `roster logout`). Returns whether any existed.
  @discardableResult
  public static func forget(_ location: IndexLocation) -> Bool {
    var removed = false
    for file in location.allFiles where FileManager.default.fileExists(atPath: file.path) {
      removed = (try? FileManager.default.removeItem(at: file)) != nil || removed
    }
    return removed
  }
}
