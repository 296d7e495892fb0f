import Foundation
import GRDB

/// The grant an index was filled with, kept in `meta` and held against the current token's.
///
/// - `profiles`: the widest grant any row may have been written with. An index without the key
///   was written before Roster recorded it, so it may hold everything: it counts as `full`.
/// - `token_profiles`: the grant of the token that last opened the index; a full sync started
///   under it records it as `building_profiles`, which becomes `profiles` when the sync finishes.
/// - `refill`: the token reads more than the rows hold; the next sync is a full one.
extension DirectoryIndex {
  /// Brings the index within `grant` before it answers anything (the detail pane, `show
  /// --offline`, `query`, `search --offline`, `index status`).
  ///
  /// When the token reads less than the rows hold (an administrator withdrew consent for
  /// `User.Read.All`, or a basic sign-in finds an index a full one left), the full-profile columns
  /// and the manager links are emptied in every generation, in one transaction: nothing the
  /// token may no longer read is answered from disk. When the token reads more than the rows
  /// hold, the next sync is a full one that fills them (`refill`); until it finishes the index
  /// answers what it has. Returns whether anything was emptied.
  ///
  /// Every start comes here, so the usual case (the same grant as last time) only reads: taking
  /// the write lock would make the first frame wait behind another process's sync.
  @discardableResult
  public func conform(to grant: ProfileGrant) throws -> Bool {
    let meta = try pool.read(Self.meta)
    let held = meta["profiles"].flatMap(ProfileGrant.init(rawValue:))
    if held == grant, meta["token_profiles"] == grant.rawValue { return false }
    let trimmed = try pool.write { db in
      let meta = try Self.meta(db)
      let held = meta["profiles"].flatMap(ProfileGrant.init(rawValue:)) ?? .full
      var values: [String: String?] = ["token_profiles": grant.rawValue]
      var emptied = false
      switch (held, grant) {
      case (.full, .basic):
        let cleared = ProfileGrant.fullProfileColumns.map { "\($0) = NULL" }.joined(separator: ", ")
        try db.execute(sql: "UPDATE person SET \(cleared)")
        try db.execute(sql: "UPDATE person_staging SET \(cleared)")
        // The titles, departments, companies and user types were held by number: forget the texts too.
        try PersonTerms.dropUnreferenced(db)
        values["profiles"] = ProfileGrant.basic.rawValue
        values.updateValue(nil, forKey: "managers_known")
        if meta["building_generation"] != nil { values["building_profiles"] = ProfileGrant.basic.rawValue }
        emptied = true
      case (.basic, .full):
        // Delta rounds send only what changed: only a full round fills everyone's fields. The
        // live generation keeps answering (with what it holds) until that round finishes; an
        // unfinished round begun under the basic grant starts again.
        values["refill"] = "1"
        if meta["building_profiles"] != ProfileGrant.full.rawValue { values.updateValue(nil, forKey: "building_link") }
      default:
        if meta["profiles"] == nil { values["profiles"] = held.rawValue }
      }
      try Self.set(db, values)
      return emptied
    }
    if trimmed { personTerms.withLock { $0 = PersonTerms.Known() } }
    return trimmed
  }
}
