import Foundation
import GRDB
import RosterCore
import SearchRules

/// Devices in the local index: their own tables beside people's and groups', which they never
/// touch, and their own keys in `meta` (`device_…`):
///
/// - `device`: one row per device and generation, the device as the JSON `Device` encodes (Graph's
///   property names) and its display name for the list's order. A full round writes a new
///   generation beside the live one and switches when its last page has come, so a search never
///   sees half a tenant's devices; delta rounds edit the live generation.
/// - `device_fts`: FTS5 over the display name's `$search` tokens (`NameTokenizer`, written as
///   people's and groups' are: `IndexTokens.raw`), so a search is Graph's `displayName:` clause.
///
/// Keys in `meta`: `device_generation`, `device_delta_link`, `device_building_generation`,
/// `device_building_link`, `device_last_sync`, and `device_problem` (the permission the token
/// lacks; no devices are kept then).
public enum DeviceIndex: IndexedKind {
  public static let kind = ObjectKind.device
  /// device-delta names only this one.
  static let permission = "Device.Read.All"

  enum Key {
    static let generation = "device_generation"
    static let deltaLink = "device_delta_link"
    static let building = "device_building_generation"
    static let buildingLink = "device_building_link"
    static let lastSync = "device_last_sync"
    static let problem = "device_problem"
  }

  public static func registerMigrations(_ migrator: inout DatabaseMigrator) {
    migrator.registerMigration("devices-v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE device(
            rowid INTEGER PRIMARY KEY, generation INTEGER NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL,
            json TEXT NOT NULL, UNIQUE(generation, id));
          CREATE VIRTUAL TABLE device_fts USING fts5(
            name, tokenize='ascii', prefix='1 2 3', detail='column', columnsize=0);
          """)
    }
  }

  /// device-list: `Device.Read.All` or `Directory.Read.All` (or their write forms) read devices.
  public static func conform(_ index: DirectoryIndex, to account: Account) throws {
    let permitted = account.holds(
      anyOf: "device.read.all", "device.readwrite.all", "directory.read.all", "directory.readwrite.all")
    guard !permitted, try index.pool.read({ try DirectoryIndex.meta($0)[Key.problem] }) == nil else { return }
    try index.forgetDevices(missing: "Device.Read.All")
  }

  public static func count(_ db: Database) throws -> KindIndexCount {
    let meta = try DirectoryIndex.meta(db)
    if let missing = meta[Key.problem] {
      return KindIndexCount(count: nil, problem: missing)
    }
    guard let generation = Int(meta[Key.generation] ?? ""), meta[Key.deltaLink] != nil else {
      return KindIndexCount(count: nil)
    }
    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM device WHERE generation = ?", arguments: [generation])
    return KindIndexCount(count: count ?? 0)
  }

  /// A read that fails notes the damage (`noteFailure`), so the caller asks Graph instead and the
  /// index is opened again, as people's and groups' reads do.
  public static func reader(_ index: @escaping @Sendable () -> DirectoryIndex?) -> KindIndexReader {
    KindIndexReader(
      search: { query in
        let asked = query.value(as: ItemQuery.self)?.pageSize ?? 0
        guard let text = query.value(as: ItemQuery.self)?.text, let index = index() else {
          return .devices([], asked: asked)
        }
        do {
          return .devices(try index.searchDevices(text, limit: asked), asked: asked)
        } catch {
          index.noteFailure(error)
          return .devices([], asked: asked)
        }
      },
      detail: { id in
        guard let index = index() else { return .device(.failure(.offline("No local index is attached."))) }
        do {
          guard let device = try index.device(id: id) else { return .device(.failure(.notFound)) }
          // The index keeps no owners or users: nil says "not known", not "none".
          return .device(.success(DeviceDetail(device: device, owners: nil, users: nil, fromIndex: true)))
        } catch {
          index.noteFailure(error)
          return .device(.failure(.offline(index.damage() ?? "The local index could not be read: \(error)")))
        }
      })
  }

  /// The live generation (0 before the first full round finished).
  static func liveGeneration(_ db: Database) throws -> Int {
    try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Key.generation])
      .flatMap { Int($0) } ?? 0
  }

  /// `device_fts`'s text for `device`: its name's tokens, each once.
  static func tokens(_ device: Device) -> String {
    Set(device.searchFields.values(matching: .tokens).flatMap(NameTokenizer.indexTokens).map(IndexTokens.raw))
      .sorted().joined(separator: " ")
  }
}

extension DirectoryIndex {
  /// Devices matching `text` as Graph's `$search` on devices would (`ODataText.searchExpression`
  /// over `SearchSchema.devices`): every significant word's parts start tokens of the display
  /// name; a word with no letter or digit constrains nothing, and a query of only such words finds
  /// none; words past the server's limit are checked locally (`WordMatch`). Names that start with
  /// the first word come first, then by name, sorted before the page is cut.
  func searchDevices(_ text: String, limit: Int) throws -> [Device] {
    let words = QueryWords(text, style: .search)
    let clauses = words.server.compactMap { word -> String? in
      guard !SearchSchema.devices.properties(for: word).isEmpty else { return nil }
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
            SELECT d.json FROM device_fts CROSS JOIN device d ON d.rowid = device_fts.rowid
            WHERE device_fts MATCH ? AND d.generation = ?
            ORDER BY d.name NOT LIKE ? ESCAPE '\\', d.name COLLATE NOCASE, d.id
            """),
        arguments: [clauses.joined(separator: " AND "), try DeviceIndex.liveGeneration(db), startsWith])
      var devices: [Device] = []
      let decoder = JSONDecoder()
      while devices.count < limit, let json = try rows.next() {
        // A row that is not a device's JSON (written by something else) is passed over.
        guard let device = try? decoder.decode(Device.self, from: Data(json.utf8)),
          rules.allSatisfy({ $0.matches(device.searchFields) })
        else { continue }
        devices.append(device)
      }
      return devices
    }
  }

  /// The device with object id `id` (case-insensitive), as the last sync kept it.
  func device(id: String) throws -> Device? {
    let json = try pool.read { db in
      try String.fetchOne(
        db, sql: "SELECT json FROM device WHERE generation = ? AND id = ? COLLATE NOCASE",
        arguments: [try DeviceIndex.liveGeneration(db), id])
    }
    return json.flatMap { try? JSONDecoder().decode(Device.self, from: Data($0.utf8)) }
  }
}
