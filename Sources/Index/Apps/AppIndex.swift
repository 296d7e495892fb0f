import Foundation
import RosterCore

/// App registrations and enterprise apps in the local index, one `ItemTable` per flavour, named
/// after Graph's collection (`applications`, `serviceprincipals`: tables, meta keys and the
/// migration `applications-v1`). Each row keeps its soonest credential's end in `due`, and each
/// credential's printed fields are a row of `<name>_credentials` (`AppCredentialColumns`, added to
/// older indexes by `applications-v1-credentials`), so `roster apps --expiring --offline` reads
/// only the credentials it lists, as plain columns, however many apps the tenant holds.
///
/// Reading apps needs Application.Read.All (or Directory.Read.All); a sign-in holding neither
/// keeps none. Their delta (`/applications/delta`, `/servicePrincipals/delta`) names
/// Directory.Read.All as the least privilege, so that is what a refused round records.
public enum AppIndex<Flavor: AppFlavor>: TableIndexedKind {
  public static var table: ItemTable<AppObject<Flavor>> {
    let name = Flavor.collection.lowercased()
    return ItemTable(
      name: name, migration: name + "-v1", schema: .apps, permission: "Directory.Read.All",
      readScopes: [
        "application.read.all", "application.readwrite.all", "directory.read.all", "directory.readwrite.all",
      ],
      due: { $0.soonestCredentialEnd }, companion: AppCredentialColumns.companion(Flavor.self))
  }

  /// The index keeps no owners, other half or permissions: each is "not known" (nil, `.unknown`).
  public static func detail(fromIndex app: AppObject<Flavor>) -> AppDetail<Flavor> {
    AppDetail(app: app, owners: nil, counterpart: .unknown, permissions: nil, fromIndex: true)
  }
}

/// App registrations in the index.
public typealias RegistrationIndex = AppIndex<RegistrationFlavor>
/// Enterprise apps in the index.
public typealias EnterpriseIndex = AppIndex<EnterpriseFlavor>

extension DirectoryIndex {
  /// The apps of one flavour whose client id is `appId` (an app registration and its enterprise
  /// app share it; Microsoft's apps have one enterprise app per tenant), as the last sync kept
  /// them. The row keeps the app as JSON, which `JSONEncoder` writes without spaces, so the id
  /// is found by its member's exact text; only a GUID is looked for, so nothing in it needs escaping.
  public func apps<Flavor: AppFlavor>(_ flavor: Flavor.Type, appId: String) throws -> [AppObject<Flavor>] {
    guard let guid = UUID(uuidString: appId) else { return [] }
    let table = AppIndex<Flavor>.table
    let rows = try pool.read { db in
      try String.fetchAll(
        db, sql: "SELECT json FROM \(table.name) WHERE generation = ? AND json LIKE ?",
        arguments: [try Self.liveGeneration(of: table, db), "%\"appId\":\"\(guid.uuidString)\"%"])
    }
    let decoder = JSONDecoder()
    return rows.compactMap { try? decoder.decode(AppObject<Flavor>.self, from: Data($0.utf8)) }
      .filter { $0.appId?.caseInsensitiveCompare(appId) == .orderedSame }
  }
}
