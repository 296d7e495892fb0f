import AppRuntime
import Foundation
import RosterCore
import SearchRules
import Transport

extension KindClient {
  /// Devices over Microsoft Graph, on the same configuration, tokens, transport and retries as
  /// `DirectoryClient.live`: each read answers in the devices' payloads (`.devices`, `.device`),
  /// a failure as its `DirectoryError` (403 naming `Device.Read.All`, `.offline`, `.notFound`).
  public static func devices(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> KindClient {
    let devices = GraphDevices(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
    return KindClient(
      search: { query, onRetry in
        guard let query = query.value(as: ItemQuery.self) else {
          return .devices(.failure(.unsupportedQuery("Not a device search.")))
        }
        return .devices(await outcome { () async throws(DirectoryError) in try await devices.search(query, onRetry) })
      },
      nextPage: { cursor in
        .devices(await outcome { () async throws(DirectoryError) in try await devices.next(cursor) })
      },
      detail: { id in .device(await outcome { () async throws(DirectoryError) in try await devices.detail(id) }) })
  }
}

/// The live device reads: the search every searched kind shares (`GraphItemSearch`), and one
/// device with its registered owners and users.
final class GraphDevices: Sendable {
  /// device-list, device-get, device-list-registeredowners: the least privileged permission.
  static let permission = "Device.Read.All"
  /// A device has one registered owner and a few users; one page holds them.
  static let peoplePageSize = 100

  let items: GraphItemSearch<Device>

  init(directory: GraphDirectory) {
    items = GraphItemSearch(
      directory: directory,
      kind: .init(
        collection: "/devices", fields: DeviceDecoding.fields, schema: .devices, permission: Self.permission,
        decode: { (data) throws(DirectoryError) in
          let page = try DeviceDecoding.page(from: data)
          return (page.devices, page.nextLink, page.count)
        }))
  }

  func search(_ query: ItemQuery, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> ItemPage<Device>
  {
    try await items.search(query, onRetry)
  }

  func next(_ cursor: PageCursor) async throws(DirectoryError) -> ItemPage<Device> { try await items.next(cursor) }

  /// The device as Graph answers it now, with its registered owners and users, the three asked
  /// at once. Owners or users the token may not list are unknown (nil), not a failed pane. All
  /// three are awaited even when the device's read fails: none is left cancelled mid-request.
  func detail(_ id: String) async throws(DirectoryError) -> DeviceDetail {
    let path = "/devices/" + PercentEncoding.encode(id)
    let select = "?" + ODataText.queryString([("$select", DeviceDecoding.fields.joined(separator: ","))])
    async let owners = people(path + "/registeredOwners/microsoft.graph.user")
    async let users = people(path + "/registeredUsers/microsoft.graph.user")
    let device = await outcome { () async throws(DirectoryError) in
      try DeviceDecoding.single(from: try await items.get(path + select))
    }
    let (ownerList, userList) = await (owners, users)
    return DeviceDetail(device: try device.get(), owners: ownerList, users: userList)
  }

  private func people(_ path: String) async -> [Person]? {
    let options = [
      ("$select", DeviceDecoding.personFields.joined(separator: ",")), ("$top", String(Self.peoplePageSize)),
    ]
    guard let body = try? await items.get(path + "?" + ODataText.queryString(options)) else { return nil }
    return try? DeviceDecoding.people(from: body)
  }
}
