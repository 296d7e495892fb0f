import AppRuntime
import Foundation
import RosterCore
import Transport

/// The whole-tenant reads `roster apps` makes beside the list's search: every app of one flavour
/// with its credentials (`--expiring`, which must see each secret and certificate, not a
/// search's page), the apps carrying one `appId` (`apps show APPID`), and one app's owners for
/// the apps a report lists. Each read goes through `GraphItemSearch`'s reader, so it has the same
/// origin checks, retries, token refresh and 403 naming `Application.Read.All` as the search.
public struct GraphAppListing<Flavor: AppFlavor>: Sendable {
  /// The largest page `/applications` and `/servicePrincipals` serve: fewest round trips.
  static var pageSize: Int { 999 }
  /// What an owner row needs: a name and an address to write to (hidden people are dropped).
  static var ownerFields: [String] { ["id", "displayName", "mail", "userPrincipalName", "showInAddressList"] }

  /// The most apps `owners(ofApps:)` reads in one round trip: Graph's batch limit.
  public static var ownersPerBatch: Int { GraphBatch.maxRequests }

  private let apps: GraphApps<Flavor>

  public init(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    apps = GraphApps(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
  }

  /// `GET /<collection>?$select=…&$top=999`, then every next link (followed only back to the
  /// configured origin): the tenant's every app of the flavour, in Graph's order.
  public func all(onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws(DirectoryError)
    -> [AppObject<Flavor>]
  {
    let options = ODataText.queryString([
      ("$select", Flavor.properties.joined(separator: ",")), ("$top", String(Self.pageSize)),
    ])
    let directory = apps.items.directory
    var url = try directory.url("/" + Flavor.collection + "?" + options)
    var found: [AppObject<Flavor>] = []
    while true {
      let page = try AppDecoding.page(
        Flavor.self, from: try await apps.items.get(url, advanced: false, onRetry))
      found += page.items
      guard let next = page.nextLink else { return found }
      url = try directory.followableURL(next)
    }
  }

  /// `GET /<collection>?$filter=appId eq '…'`: the app of that client id (none, or one).
  public func app(appId: String) async throws(DirectoryError) -> [AppObject<Flavor>] {
    let options = ODataText.queryString([
      ("$filter", "appId eq " + ODataText.filterLiteral(appId)),
      ("$select", Flavor.properties.joined(separator: ",")),
    ])
    return try AppDecoding.page(Flavor.self, from: try await apps.items.get("/" + Flavor.collection + "?" + options))
      .items
  }

  /// `GET /<collection>/{id}/owners/microsoft.graph.user?$select=…`: the people who own the app,
  /// those hidden from the address list dropped (`AppDetail`'s rule: counted elsewhere, never named).
  public func owners(of id: String) async throws(DirectoryError) -> [Person] {
    try Self.ownerPeople(try await apps.items.get(Self.ownersPath(id)))
  }

  /// The owners of up to 20 apps in one `$batch` round trip (`ownersPerBatch`): a report
  /// of ten thousand due apps is five hundred requests, not ten thousand one at a time. Each
  /// inner request still counts against Graph's budget, so the executor's retry rules apply to
  /// the batch as a whole (a throttled inner answer retries it). An app whose owners Graph will
  /// not give (gone since the listing, refused) is nil: the report says "unknown" for it.
  public func owners(ofApps ids: [String], onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [String: [Person]?]
  {
    precondition(ids.count <= Self.ownersPerBatch, "one batch holds at most \(Self.ownersPerBatch) reads")
    let requests = ids.enumerated().map { GraphBatch.Request(id: String($0.offset), url: Self.ownersPath($0.element)) }
    let directory = apps.items.directory
    let response = try await directory.executor.send(
      "POST", try directory.url("/$batch"), body: GraphBatch.body(requests), permission: apps.items.kind.permission,
      innerStatus: GraphBatch.retryableInner, onRetry: onRetry)
    let answers = try GraphBatch.responses(from: response.body)
    var owners: [String: [Person]?] = [:]
    for (index, id) in ids.enumerated() {
      guard let answer = answers[String(index)], (200..<300).contains(answer.status) else {
        owners[id] = .some(nil)
        continue
      }
      owners[id] = .some(try? Self.ownerPeople(answer.body))
    }
    return owners
  }

  private static func ownersPath(_ id: String) -> String {
    let options = ODataText.queryString([("$select", ownerFields.joined(separator: ",")), ("$top", "100")])
    return "/" + Flavor.collection + "/" + PercentEncoding.encode(id) + "/owners/microsoft.graph.user?" + options
  }

  private static func ownerPeople(_ body: Data) throws(DirectoryError) -> [Person] {
    try PeopleDecoding.page(from: body).people.filter { !$0.isHiddenFromAddressList }
  }
}
