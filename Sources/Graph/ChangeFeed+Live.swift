import Foundation
import RosterCore
import Transport

extension ChangeFeed {
  /// One kind's delta feed over Microsoft Graph (issue 29: written once for every kind): `start`
  /// (path and query) begins a full round, stored links are followed only when they point back to
  /// the configured Graph origin (the bearer token goes with them), with the searches' retries
  /// (429/503 wait out `Retry-After`) and token refresh. `decode` reads one page alone; a 403 goes
  /// through `denied`, so a kind can name the permission it needs.
  static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport, pageSize: Int?,
    sleep: @escaping @Sendable (Duration) async throws -> Void, start: String, permission: String,
    decode: @escaping @Sendable (Data) throws -> ChangePage<Change>,
    denied: @escaping @Sendable (DirectoryError) -> any Error = { $0 }
  ) -> ChangeFeed {
    let directory = GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let headers = pageSize.map { [(name: "Prefer", value: "odata.maxpagesize=\($0)")] } ?? []
    return ChangeFeed { link, onRetry in
      let url: URL
      if let link {
        // A stored link for another Graph origin (the endpoint setting changed, a sandbox
        // restarted on another port) names a sync state this endpoint does not have.
        guard let followable = try? directory.followableURL(link) else {
          throw DirectoryError.service(
            status: 410, code: "syncStateNotFound", message: "The delta link is for another Microsoft Graph endpoint.")
        }
        url = followable
      } else {
        url = try directory.url(start)
      }
      do {
        let response = try await directory.executor.get(
          url, headers: headers, permission: permission, onRetry: onRetry)
        return try decode(response.body)
      } catch let error as DirectoryError {
        guard case .permissionDenied = error else { throw error }
        throw denied(error)
      }
    }
  }
}
