import Foundation
import RosterCore
import Transport

extension RoomClient {
  /// Rooms per request: place-list documents 100 as the page it returns ("up to 100 rooms,
  /// workspaces, and room lists per page") and no larger `$top`, so asking for more would buy
  /// nothing Graph promises. A tenant's few hundred rooms are a handful of requests.
  public static let graphPageSize = 100

  /// Pages read before giving up on a server that keeps linking more: 250 pages of 100 is 25,000
  /// rooms, far past the largest real estate, and still a bounded read.
  public static let maxPages = 250

  /// The Microsoft Graph room client (`GET /places/microsoft.graph.room`, every page), over the
  /// same configuration, tokens, transport and retries as `DirectoryClient.live`. `pageSize` and
  /// `maxPages` are for tests. Every call throws `DirectoryError` only.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int = RoomClient.graphPageSize,
    maxPages: Int = RoomClient.maxPages,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> RoomClient {
    let rooms = GraphRooms(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep),
      pageSize: pageSize, maxPages: maxPages)
    return RoomClient(allRooms: { onRetry in try await rooms.allRooms(onRetry: onRetry) })
  }
}

/// Reads the tenant's rooms from Graph's places API, every page, as one `RoomCatalog`.
///
/// No `$select`: a room is a score of short fields, and Graph's own documentation and service
/// have disagreed on a property's spelling (`isWheelChairAccessible`); a name Graph does not know
/// would fail the whole list with a 400, where an unselected field costs a few bytes.
struct GraphRooms: Sendable {
  let directory: GraphDirectory
  let pageSize: Int
  let maxPages: Int

  func allRooms(onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws(DirectoryError) -> RoomCatalog {
    let top = ODataText.queryString([("$top", String(min(max(pageSize, 1), 999)))])
    let first = try directory.url("/places/microsoft.graph.room?" + top)
    var rooms: [Room] = []
    var seen: Set<String> = []
    try await directory.everyPage(
      from: first, maxPages: maxPages, limit: .fail(what: "rooms"),
      fetch: { url throws(DirectoryError) in try await get(url, onRetry: onRetry) },
      read: { body throws(DirectoryError) in
        let page = try RoomDecoding.page(from: body)
        // A room a shifting page repeats is listed once: `rooms show` finds one room per id.
        rooms += page.rooms.filter { seen.insert($0.id.lowercased()).inserted }
        return page.nextLink
      })
    return RoomCatalog(rooms: rooms)
  }

  /// One page; a 403 becomes the explanation the CLI and the pane show (it names `Place.Read.All`
  /// and who can grant it) instead of Graph's generic refusal.
  private func get(_ url: URL, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws(DirectoryError)
    -> Data
  {
    do {
      return try await directory.executor.get(url, permission: RoomClient.permission, onRetry: onRetry).body
    } catch .permissionDenied {
      throw .permissionDenied(RoomClient.permissionExplanation)
    }
  }
}
