import Foundation
import RosterCore
import Transport

extension DirectoryClient {
  /// The Microsoft Graph directory client.
  ///
  /// - Parameters:
  ///   - configuration: endpoint, version, search mode, retry policy (see `GraphConfiguration`).
  ///   - tokens: bearer tokens; asked again with `forceRefresh: true` once after a 401.
  ///   - transport: the shared HTTP client (a fake in tests).
  ///   - photoCache: where photos are kept between sessions (nil: fetched every session).
  ///   - sleep: waits between retries; must throw when the task is cancelled. Tests inject one that
  ///     records the wait and returns at once.
  /// Every call throws `DirectoryError` only.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    photoCache: PhotoDiskCache? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DirectoryClient {
    let directory = GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    return DirectoryClient(
      searchPeople: { query, onRetry in try await directory.searchPeople(query, onRetry: onRetry) },
      nextPage: { cursor, onRetry in try await directory.nextPage(cursor, onRetry: onRetry) },
      personDetail: { id, onRetry in try await directory.personDetail(id, onRetry: onRetry) },
      presences: { ids in try await directory.presences(ids) },
      warmUp: { await directory.warmUp() },
      personPhoto: { request in try await directory.photo(request, cache: photoCache) },
      personPhotoJPEG: { request in try await directory.photoData(request, cache: photoCache)?.jpeg }
    )
  }
}
