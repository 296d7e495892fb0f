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
    let options = ODataText.queryString([
      ("$select", Self.ownerFields.joined(separator: ",")), ("$top", "100"),
    ])
    let path = "/" + Flavor.collection + "/" + PercentEncoding.encode(id) + "/owners/microsoft.graph.user?" + options
    return try PeopleDecoding.page(from: try await apps.items.get(path)).people.filter { !$0.isHiddenFromAddressList }
  }
}
