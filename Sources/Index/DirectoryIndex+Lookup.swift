import GRDB
import SearchRules

/// Schema v8 (issue 32): what filters and look-ups need, added in place at the first open.
///
/// - `city`, `country`: not kept before; by number (`PersonTerms`), so `city:Oslo` is the few
///   numbers whose text starts with the value (`IndexFilterClause`). People already indexed get
///   theirs at the next sync, which the migration makes a full one (`refill`): a delta round
///   sends only what changed.
/// - `proxyAddresses`, `otherMails`, `employeeId`: what people have in hand besides a name
///   (`PersonRow` keeps the primary `SMTP:` address, the mail, as one character).
/// - `person_lookup`: every phone number's, `smtp:` alias's, other mail's and employee id's key
///   (`LookupKey`) beside its row, so a number typed in any form, an old address or an id is
///   found by one index probe instead of a scan of every row (`DirectoryIndex+Phones`,
///   `DirectoryIndex+Identifiers`). Kept by triggers on `person`, so every write path (a delta
///   round, the placing of a full sync, a renumbering, a grant that empties phones, a purge)
///   keeps it without knowing of it; the triggers call `roster_lookup_keys`, which every
///   connection of `DirectoryIndex` registers. Filled for the rows already there.
extension DirectoryIndex {
  static func addLookups(_ db: Database) throws {
    try addLookupColumns(db)
    if try liveGeneration(db) > 0 { try set(db, ["refill": "1"]) }
    let keys =
      "json_each(roster_lookup_keys(%@.businessPhones, %@.mobilePhone, %@.proxyAddresses, %@.otherMails, %@.employeeId))"
    let new = String(format: keys, "NEW", "NEW", "NEW", "NEW", "NEW")
    let old = String(format: keys, "OLD", "OLD", "OLD", "OLD", "OLD")
    let all = String(format: keys, "p", "p", "p", "p", "p")
    try db.execute(
      sql: """
        CREATE TABLE person_lookup(key INTEGER NOT NULL, person INTEGER NOT NULL, PRIMARY KEY(key, person))
          WITHOUT ROWID;
        CREATE TRIGGER person_lookup_added AFTER INSERT ON person BEGIN
          INSERT OR IGNORE INTO person_lookup(key, person) SELECT value, NEW.rowid FROM \(new);
        END;
        CREATE TRIGGER person_lookup_removed AFTER DELETE ON person BEGIN
          DELETE FROM person_lookup WHERE person = OLD.rowid AND key IN (SELECT value FROM \(old));
        END;
        CREATE TRIGGER person_lookup_changed AFTER UPDATE OF
          rowid, businessPhones, mobilePhone, proxyAddresses, otherMails, employeeId ON person
        BEGIN
          DELETE FROM person_lookup WHERE person = OLD.rowid AND key IN (SELECT value FROM \(old));
          INSERT OR IGNORE INTO person_lookup(key, person) SELECT value, NEW.rowid FROM \(new);
        END;
        INSERT OR IGNORE INTO person_lookup(key, person) SELECT j.value, p.rowid FROM person p, \(all) j;
        """)
  }

  /// Adds the v8 columns where they are missing. Idempotent: `v4-mail-name-tokens` calls it
  /// too, since it reads rows with today's `PersonRow.selection()` and a file left at v3 has none
  /// of these columns yet.
  static func addLookupColumns(_ db: Database) throws {
    for table in ["person", "person_staging"] where try db.tableExists(table) {
      let names = Set(try db.columns(in: table).map(\.name))
      for column in ["city", "country", "proxyAddresses", "otherMails", "employeeId"] where !names.contains(column) {
        try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(column)")
      }
    }
  }

  /// Registers the SQL functions the file's queries, triggers and indexes call (`office:`
  /// filters, the triggers that keep `person_lookup`, `person_office`) on a connection. Every
  /// connection that writes people needs them: Roster's own do; a tool that writes the file must
  /// add them too.
  public static func addFunctions(_ db: Database) {
    db.add(function: startsFolded)
    db.add(function: lookupKeys)
    db.add(function: officeKey)
  }

  /// `roster_office_key(office)`: the first four characters of the office case-folded as
  /// `office:` compares (`TextFolding.caseFolded`), which `person_office` indexes
  /// (`DirectoryIndex+FilterIndexes`); NULL for no office. Pure, as an index needs.
  static let officeKey = DatabaseFunction("roster_office_key", argumentCount: 1, pure: true) { values in
    guard let office = String.fromDatabaseValue(values[0]) else { return nil }
    return String(String.UnicodeScalarView(TextFolding.caseFolded(office).unicodeScalars.prefix(4)))
  }

  /// `roster_lookup_keys(businessPhones, mobilePhone, proxyAddresses, otherMails, employeeId)`:
  /// the `LookupKey`s of a row's stored values (phones packed or text, `PhoneDigits`; address
  /// lists as `PersonRow` joins them), as a JSON array for `json_each`; NULL when there are none.
  static let lookupKeys = DatabaseFunction("roster_lookup_keys", argumentCount: 5, pure: true) { values in
    var keys: [Int64] = []
    for value in values.prefix(2) {
      _ = PhoneDigits.anyNumber(value) { digits in
        if let tail = PhoneKey.tail(of: digits) { keys.append(LookupKey.phone(tail)) }
        return false
      }
    }
    for (position, value) in values.dropFirst(2).prefix(2).enumerated() {
      guard let list = String.fromDatabaseValue(value), !list.isEmpty else { continue }
      for address in list.split(separator: PersonRow.separator) where address != PersonRow.primaryMarker {
        if position == 0, !LookupKey.isMailAddress(String(address)) { continue }
        keys.append(LookupKey.address(String(address)))
      }
    }
    if let id = String.fromDatabaseValue(values[4]), !id.isEmpty { keys.append(LookupKey.employeeId(id)) }
    return keys.isEmpty ? nil : "[" + keys.map(String.init).joined(separator: ",") + "]"
  }

  /// `roster_starts_folded(value, prefix)`: whether `value`, case-folded as Graph's `$filter`
  /// compares (`TextFolding.caseFolded`: accents count), starts with `prefix` (already folded),
  /// byte for byte. For `office:`, whose texts are as many as people (`PersonRow`), so they
  /// cannot be a list of numbers found beforehand; registered on every connection.
  static let startsFolded = DatabaseFunction("roster_starts_folded", argumentCount: 2, pure: true) { values in
    guard let value = String.fromDatabaseValue(values[0]), let prefix = String.fromDatabaseValue(values[1]) else {
      return false
    }
    return TextFolding.caseFolded(value).utf8.starts(with: prefix.utf8)
  }
}
