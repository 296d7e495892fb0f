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

/// A read's ending as the `Result` its payload carries.
private func outcome<Value>(_ read: () async throws(DirectoryError) -> Value) async -> Result<Value, DirectoryError> {
  do {
    return .success(try await read())
  } catch {
    return .failure(error)
  }
}

/// The live device reads: `$search` on `displayName` page by page, and one device with its
/// registered owners and users. Next links are followed only back to the configured Graph origin,
/// with what following them needs remembered as for groups (`FollowMemory`: the header, the
/// words Graph was not sent), since Graph carries neither over.
final class GraphDevices: Sendable {
  /// device-list, device-get, device-list-registeredowners: the least privileged permission.
  static let permission = "Device.Read.All"
  /// A device has one registered owner and a few users; one page holds them.
  static let peoplePageSize = 100

  let directory: GraphDirectory
  private let follows = LockedValue(FollowMemory())

  init(directory: GraphDirectory) {
    self.directory = directory
  }

  /// `GET /devices?$search="displayName:…"&$count=true` with `ConsistencyLevel: eventual`: the
  /// words as a group search's (`QueryWords`, `ODataText.searchExpression` over
  /// `SearchSchema.devices`: a clause a word, AND-ed; words past the server's limit checked
  /// locally). With `$search` refused by the settings, the display name's `startswith` the phrase.
  func search(_ query: ItemQuery, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> ItemPage<Device>
  {
    let words = QueryWords(query.text, style: .search)
    let expression = ODataText.searchExpression(words.server, schema: .devices)
    guard !expression.isEmpty else { return ItemPage([]) }
    let top = ("$top", String(min(max(query.pageSize, 1), 999)))
    let select = ("$select", DeviceDecoding.fields.joined(separator: ","))
    let context: GraphGroups.FollowContext
    let options: [(name: String, value: String)]
    if directory.usesFilter {
      let phrase = ODataText.filterLiteral(QueryWords.phrase(query.text))
      options = [("$filter", "startswith(displayName,\(phrase))"), select, top]
      context = GraphGroups.FollowContext(kind: .groups, advanced: false)
    } else {
      options = [("$search", expression), ("$count", "true"), select, top]
      context = GraphGroups.FollowContext(kind: .groups, advanced: true, localWords: words.local)
    }
    let url = try directory.url("/devices?" + ODataText.queryString(options))
    return page(try DeviceDecoding.page(from: try await get(url, advanced: context.advanced, onRetry)), context)
  }

  /// The page after `cursor`.
  func next(_ cursor: PageCursor) async throws(DirectoryError) -> ItemPage<Device> {
    let context =
      follows.withLock { $0.context(for: cursor.nextLink) } ?? GraphGroups.FollowContext(kind: .groups, advanced: true)
    let body = try await get(try directory.followableURL(cursor.nextLink), advanced: context.advanced) { _ in }
    return page(try DeviceDecoding.page(from: body), context)
  }

  /// The device as Graph answers it now, with its registered owners and users, the three asked
  /// at once. Owners or users the token may not list are unknown (nil), not a failed pane. All
  /// three are awaited even when the device's read fails: none is left cancelled mid-request.
  func detail(_ id: String) async throws(DirectoryError) -> DeviceDetail {
    let path = "/devices/" + PercentEncoding.encode(id)
    let select = "?" + ODataText.queryString([("$select", DeviceDecoding.fields.joined(separator: ","))])
    async let owners = people(path + "/registeredOwners/microsoft.graph.user")
    async let users = people(path + "/registeredUsers/microsoft.graph.user")
    let device = await outcome { () async throws(DirectoryError) in
      try DeviceDecoding.single(from: try await get(try directory.url(path + select), advanced: false) { _ in })
    }
    let (ownerList, userList) = await (owners, users)
    return DeviceDetail(device: try device.get(), owners: ownerList, users: userList)
  }

  private func people(_ path: String) async -> [Person]? {
    let options = [
      ("$select", DeviceDecoding.personFields.joined(separator: ",")), ("$top", String(Self.peoplePageSize)),
    ]
    guard let url = try? directory.url(path + "?" + ODataText.queryString(options)),
      let body = try? await get(url, advanced: false, { _ in })
    else { return nil }
    return try? DeviceDecoding.people(from: body)
  }

  /// `advanced`: with `ConsistencyLevel: eventual`, which `$search` and `$count` need.
  private func get(_ url: URL, advanced: Bool, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> Data
  {
    try await directory.executor.get(
      url, headers: advanced ? GraphGroups.consistency : [], permission: Self.permission, onRetry: onRetry
    ).body
  }

  /// The devices of a decoded page, narrowed by the words Graph was not sent; the count only
  /// when nothing was narrowed (it counts Graph's answer).
  private func page(_ decoded: DeviceDecoding.Page, _ context: GraphGroups.FollowContext) -> ItemPage<Device> {
    var devices = decoded.devices
    if !context.localWords.isEmpty {
      let rules = context.localWords.map(WordMatch.init)
      devices = devices.filter { device in rules.allSatisfy { $0.matches(device.searchFields) } }
    }
    var next: PageCursor?
    if let link = decoded.nextLink {
      follows.withLock { $0.remember(link, context) }
      next = PageCursor(nextLink: link)
    }
    return ItemPage(devices, next: next, totalCount: context.localWords.isEmpty ? decoded.count : nil)
  }
}
