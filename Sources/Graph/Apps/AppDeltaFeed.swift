import Foundation
import RosterCore
import Transport

extension ChangeFeed {
  /// `GET /applications/delta` or `/servicePrincipals/delta` (`flavor`) with `$select` over
  /// Microsoft Graph (`ChangeFeed.live`: stored links followed back to the configured origin only,
  /// retries, token refresh). application-delta and serviceprincipal-delta name
  /// `Directory.Read.All` as the least privilege (listing needs only Application.Read.All): a 403
  /// is `.permissionDenied` naming it, which the apps' sync round records.
  public static func apps<Flavor: AppFlavor>(
    _ flavor: Flavor.Type,
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> Self where Change == ItemChange<AppObject<Flavor>> {
    let select = Flavor.properties.filter { $0 != "id" }.joined(separator: ",")
    return live(
      configuration: configuration, tokens: tokens, transport: transport, pageSize: pageSize, sleep: sleep,
      start: "/" + Flavor.collection + "/delta?" + ODataText.queryString([("$select", select)]),
      permission: AppDeltaDecoding<Flavor>.permission, decode: { try AppDeltaDecoding<Flavor>.page(from: $0) })
  }
}

/// Decodes an apps' delta page: the page around the entries as every kind's
/// (`DeltaPageReading`: refused whole unless it is JSON throughout with a link), each entry a
/// removal (`@removed`) or an app read by `AppDecoding.app(_:from:)` — an entry's credentials
/// are arrays of objects, so each entry's bytes are read whole, one entry at a time.
enum AppDeltaDecoding<Flavor: AppFlavor> {
  static var permission: String { "Directory.Read.All" }

  static func page(from data: Data) throws(DirectoryError) -> ChangePage<ItemChange<AppObject<Flavor>>> {
    let page = try DeltaPageReading.read(data, listing: false) {
      (cursor: inout JSONCursor) throws(JSONCursor.Malformed) -> ItemChange<AppObject<Flavor>>? in
      let span = try cursor.span()
      let bytes = data.subdata(in: data.startIndex + span.lowerBound..<data.startIndex + span.upperBound)
      guard let object = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any],
        let id = object["id"] as? String, !id.isEmpty
      else { return nil }
      if object["@removed"] != nil { return .removed(id) }
      return AppDecoding.app(Flavor.self, from: object).map { .upsert($0) }
    }
    return ChangePage(changes: page.changes, nextLink: page.nextLink, deltaLink: page.deltaLink)
  }
}
