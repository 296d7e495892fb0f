import Foundation
import RosterCore
import Transport

extension ChangeFeed where Change == DeviceChange {
  /// `GET /devices/delta?$select=…` over Microsoft Graph (`ChangeFeed.live`: stored links followed
  /// back to the configured origin only, retries, token refresh). device-delta lists only
  /// `Device.Read.All`; a 403 is `.permissionDenied` naming it, which `DeviceSyncRound` records.
  public static func devices(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> Self {
    // "The id property is always returned" (device-delta): it is not selected.
    let select = DeviceDecoding.fields.filter { $0 != "id" }.joined(separator: ",")
    return live(
      configuration: configuration, tokens: tokens, transport: transport, pageSize: pageSize, sleep: sleep,
      start: "/devices/delta?" + ODataText.queryString([("$select", select)]), permission: GraphDevices.permission,
      decode: { try DeviceDeltaDecoding.page(from: $0) })
  }
}

/// Decodes a `/devices/delta` page: the page around the entries as every kind's
/// (`DeltaPageReading`: refused whole unless it is JSON throughout with a link), each entry a
/// removal (`@removed`, whatever its value) or a device read by `DeviceDecoding.device(from:)`,
/// so the list's and the sync's devices are decoded by one rule.
enum DeviceDeltaDecoding {
  static func page(from data: Data) throws(DirectoryError) -> ChangePage<DeviceChange> {
    let page = try DeltaPageReading.read(data, listing: false, entry: entry)
    return ChangePage(changes: page.changes, nextLink: page.nextLink, deltaLink: page.deltaLink)
  }

  /// A device's properties are strings, booleans and nulls: those are kept (a null is absent),
  /// anything else is passed over, as a field of the wrong type is.
  private static func entry(_ cursor: inout JSONCursor) throws(JSONCursor.Malformed) -> DeviceChange? {
    guard try cursor.peek() == .object else {
      try cursor.skip()
      return nil
    }
    var object: [String: Any] = [:]
    var removed = false
    try cursor.members { (cursor, key) throws(JSONCursor.Malformed) in
      if key == "@removed" { removed = true }
      switch try cursor.peek() {
      case .string: object[key] = try cursor.stringIfAny()
      case .bool: object[key] = try cursor.boolIfAny()
      default: try cursor.skip()
      }
    }
    guard let id = object["id"] as? String, !id.isEmpty else { return nil }
    if removed { return .removed(id) }
    return DeviceDecoding.device(from: object).map(DeviceChange.upsert)
  }
}
