import Foundation
import GRDB
import RosterCore

/// Writes: each call is one transaction, so a process killed at any point leaves the last
/// committed page and the link to resume from together on disk.
extension DirectoryIndex {
  /// Where an unfinished sync stands, read at the start of the next one.
  struct SyncPoint: Equatable {
    var liveGeneration: Int
    var deltaLink: String?
    /// A full sync under way: its generation, the link of its next page, people so far.
    var building: (generation: Int, link: String?, count: Int)?
    /// A delta round under way: the link of its next page.
    var deltaNext: String?
    /// The token reads more than the rows hold (`conform(to:)`): the next round is a full one.
    var refill = false

    static func == (lhs: SyncPoint, rhs: SyncPoint) -> Bool {
      lhs.liveGeneration == rhs.liveGeneration && lhs.deltaLink == rhs.deltaLink
        && lhs.building?.generation == rhs.building?.generation && lhs.building?.link == rhs.building?.link
        && lhs.deltaNext == rhs.deltaNext && lhs.refill == rhs.refill
    }
  }

  func syncPoint() throws -> SyncPoint {
    try pool.read { db in
      let meta = try Self.meta(db)
      let building = Int(meta["building_generation"] ?? "").map {
        (generation: $0, link: meta["building_link"], count: Int(meta["building_count"] ?? "") ?? 0)
      }
      return SyncPoint(
        liveGeneration: Self.liveGeneration(meta), deltaLink: meta["delta_link"], building: building,
        deltaNext: meta["delta_next"], refill: meta["refill"] == "1")
    }
  }

  /// Starts a full sync in a new generation beside the live one (dropping any unfinished one and
  /// any replaced one a killed process left).
  func beginFullSync(estimate: Int?) throws -> Int {
    try purgeOldGenerations(pack: false)
    return try pool.write { db in
      let live = try Self.liveGeneration(db)
      try db.execute(sql: "DELETE FROM person_staging")
      let next = live + 1
      try Self.set(
        db,
        [
          "building_generation": String(next), "building_link": nil, "building_count": "0",
          "estimate": estimate.map(String.init), "delta_next": nil, "managers_known": nil,
          // Rows of this round are what the token now reads (`conform(to:)` recorded it).
          "building_profiles": try Self.meta(db)["token_profiles"],
        ])
      return next
    }
  }

  /// One page of a full sync, and the link of the next page (nil when the round must restart).
  /// Into `person_staging`, with each row's tokens: the rows are put in order, and the tokens
  /// written in row-id order (FTS5 appends them in one pass instead of merging a segment per
  /// page), when the round finishes (`finishFullSync`).
  func writeFullPage(_ page: DeltaPage, generation: Int, count: Int) throws {
    try pool.write { db in
      try Self.stage(db, page.changes, generation: generation)
      var values: [String: String?] = ["building_link": page.nextLink, "building_count": String(count)]
      if Self.carriesManagers(page) { values["managers_known"] = "1" }
      try Self.set(db, values)
    }
  }

  /// The last page of a full sync: the new generation becomes the live one, with its delta link.
  func finishFullSync(_ page: DeltaPage, generation: Int, at now: Date) throws {
    try pool.write { db in
      try Self.stage(db, page.changes, generation: generation)
      // The replaced generation goes in this transaction too, before the indexes are made:
      // deleted row by row after it, each row left the eight indexes one by one.
      try Self.withoutFilterIndexes(db) {
        try Self.set(db, RowOrder.spanValues(try Self.placeStaged(db, generation: generation)))
        try Self.set(db, ["generation": String(generation)])
        while try Self.purgeBatch(db) {}
      }
      // A round begun before the grant was recorded may hold anything: it counts as full.
      let filledWith = try Self.meta(db)["building_profiles"] ?? ProfileGrant.full.rawValue
      // A directory on one page has only this page to say whether managers came back.
      if Self.carriesManagers(page) { try Self.set(db, ["managers_known": "1"]) }
      try Self.set(
        db,
        [
          "generation": String(generation), "delta_link": page.deltaLink,
          "last_sync": String(now.timeIntervalSince1970),
          "building_generation": nil, "building_link": nil, "building_count": nil, "delta_next": nil,
          "permission_problem": nil, "profiles": filledWith, "building_profiles": nil, "refill": nil,
        ])
      try Self.forgetReachOfPeopleGone(db, generation: generation)
      try Self.forgetYoursOfPeopleGone(db, generation: generation)
    }
  }

  /// Whether Graph answered `manager@delta` on this page: the token can read managers.
  private static func carriesManagers(_ page: DeltaPage) -> Bool {
    page.changes.contains { if case .upsert(_, _, true) = $0 { true } else { false } }
  }

  /// Removes generations other than the live one, in batches so readers are never held long,
  /// then, with `pack`, packs the file (`compact`): called once a full sync has finished (which
  /// purged the replaced generation itself: only packing is left), and before a round begins (a
  /// process killed before it finished purging leaves the replaced generation's rows; deltas and
  /// placing assume the live generation is alone in `person`).
  func purgeOldGenerations(pack: Bool = true) throws {
    while try pool.write({ db in try Self.purgeBatch(db) }) {}
    if pack { try compact(always: true) }
  }

  /// Deletes up to 5,000 rows of a generation other than the live one, with their tokens;
  /// whether there were any.
  private static func purgeBatch(_ db: Database) throws -> Bool {
    let live = try liveGeneration(db)
    let old = try Int.fetchOne(
      db, sql: "SELECT generation FROM person WHERE generation < ? OR generation > ? LIMIT 1", arguments: [live, live])
    guard let old else { return false }
    try purge(db, generation: old, limit: 5000, tokens: true)
    return true
  }

  /// `VACUUM` after a full sync: the staged rows' pages (`person_staging`, as many as the people
  /// table's) and a replaced generation's are free, and the id index, written in the order of
  /// random ids, has pages split half empty. Otherwise (`always` false) only when free pages are a
  /// quarter of the file or more. Records the packed size for `compactIfGrown`. Readers keep
  /// reading.
  func compact(always: Bool = false) throws {
    let (free, total) = try pool.read { db in
      (try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0)
    }
    guard total > 0, always || free * 4 >= total else { return }
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: "VACUUM")
      // The WAL now holds a copy of the whole file until a checkpoint, and `index status`
      // (and the disk) would count it twice: fold it in and empty it. A reader that holds the
      // WAL keeps it until the next checkpoint; the file is right either way.
      _ = try? db.checkpoint(.truncate)
      try Self.set(db, ["packed_pages": try Int.fetchOne(db, sql: "PRAGMA page_count").map(String.init)])
    }
  }

  /// How much a file may grow past its packed size before `compactIfGrown` packs it again.
  static let growthBeforePacking = 0.03

  /// `VACUUM` once delta rounds have grown the file 3 % past its size when it was last packed.
  /// A packed file's pages are full, so rows placed among their neighbours split pages (a 1 %
  /// delta grew a 200,000-person file by 5 %: 241 → 253 bytes a person); packing at every round
  /// would cost a second at 200,000 people (five at a million) for a few changes. Readers keep
  /// reading meanwhile.
  func compactIfGrown() throws {
    let (pages, packed) = try pool.read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0,
        try Self.meta(db)["packed_pages"].flatMap { Int($0) }
      )
    }
    guard let packed, Double(pages) >= Double(packed) * (1 + Self.growthBeforePacking) else { return }
    try compact(always: true)
  }

  /// One page of a delta round on the live generation; `finished` pages also store the new link.
  func writeDeltaPage(_ page: DeltaPage, at now: Date) throws {
    try pool.write { db in
      try Self.apply(db, page.changes, generation: try Self.liveGeneration(db))
      try Self.forgetReach(db, removedIn: page.changes)
      try Self.forgetYours(db, removedIn: page.changes)
      if let deltaLink = page.deltaLink {
        try Self.set(
          db,
          [
            "delta_link": deltaLink, "delta_next": nil, "last_sync": String(now.timeIntervalSince1970),
            "permission_problem": nil,
          ])
      } else {
        try Self.set(db, ["delta_next": page.nextLink])
      }
    }
  }

  /// Forgets the delta link (the service no longer knows it): the next sync is a full one.
  func dropDeltaLink() throws {
    try pool.write { db in try Self.set(db, ["delta_link": nil, "delta_next": nil]) }
  }

  func recordPermissionProblem(_ message: String?) throws {
    try pool.write { db in try Self.set(db, ["permission_problem": message]) }
  }

  /// A person Graph answered 404 for: gone now, not at the next sync.
  public func remove(id: String) throws {
    try pool.write { db in
      try Self.apply(db, [.removed(id: id)], generation: try Self.liveGeneration(db))
      try Self.forgetReach(db, removedIn: [.removed(id: id)])
      try Self.forgetYours(db, removedIn: [.removed(id: id)])
    }
  }

  // MARK: - Rows

  /// Deletes the person's row from `table` (`person` or `person_staging`; not its tokens: the
  /// caller does, in order); what it held.
  static func delete(_ db: Database, from table: String, id: String, generation: Int, terms: PersonTerms) throws
    -> (rowid: Int64, person: Person, managerId: String?)?
  {
    let key = PersonRow.key(id)
    // Nearly every row of a full sync is new: a bare row id says so without decoding a row.
    let exists = try db.cachedStatement(sql: "SELECT rowid FROM \(table) WHERE generation = ? AND id = ?")
    guard let rowid = try Int64.fetchOne(exists, arguments: [generation, key]) else { return nil }
    let find = try db.cachedStatement(sql: "SELECT \(PersonRow.selection()) FROM \(table) WHERE rowid = ?")
    guard let row = try Row.fetchOne(find, arguments: [rowid]) else { return nil }
    let managerId = try managerId(db, PersonRow.manager(row))
    try db.cachedStatement(sql: "DELETE FROM \(table) WHERE rowid = ?").execute(arguments: [rowid])
    return (rowid, PersonRow.person(row, terms), managerId)
  }

  /// Deletes rows of `generation`, in row-id order; `tokens` when they have tokens (a live or
  /// replaced generation; an unfinished full sync's rows have none yet).
  static func purge(_ db: Database, generation: Int, limit: Int?, tokens: Bool) throws {
    let rows = try Row.fetchAll(
      db, sql: "SELECT \(PersonRow.selection()) FROM person WHERE generation = ? ORDER BY rowid LIMIT ?",
      arguments: [generation, limit ?? -1])
    if tokens {
      let terms = PersonTerms(db)
      try TokenEdit.apply(rows.map { .delete(PersonRow.rowid($0), PersonRow.person($0, terms)) }, db)
    }
    let delete = try db.cachedStatement(sql: "DELETE FROM person WHERE rowid = ?")
    for row in rows { try delete.execute(arguments: [PersonRow.rowid(row)]) }
  }

  static func set(_ db: Database, _ values: [String: String?]) throws {
    for (key, value) in values {
      if let value {
        try db.execute(sql: "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", arguments: [key, value])
      } else {
        try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [key])
      }
    }
  }
}
