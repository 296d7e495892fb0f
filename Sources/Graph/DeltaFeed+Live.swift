import Foundation
import RosterCore
import Transport

extension DeltaFeed {
  /// The properties the local index keeps: every `Person` field, and `manager` (answered as
  /// `manager@delta` when the token may read managers).
  static let selected = UserQuery.detailFields + ["manager"]

  /// `GET /users/delta` over Microsoft Graph, with the same retries (429/503 wait out
  /// `Retry-After`) and token refresh as searches. Links are followed only when they point back
  /// to the configured Graph origin: the bearer token goes with them.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DeltaFeed {
    let executor = GraphRequestExecutor(
      configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let directory = GraphDirectory(configuration: configuration, executor: executor)
    return DeltaFeed { link, onRetry in
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
        let options = [("$select", selected.joined(separator: ","))]
        guard let start = URL(string: configuration.root + "/users/delta?" + ODataText.queryString(options)) else {
          throw DirectoryError.malformedResponse("Could not build a Graph URL from \(configuration.root).")
        }
        url = start
      }
      let headers = pageSize.map { [(name: "Prefer", value: "odata.maxpagesize=\($0)")] } ?? []
      let response = try await executor.get(url, headers: headers, permission: "User.ReadBasic.All", onRetry: onRetry)
      return try DeltaDecoding.page(from: response.body)
    }
  }
}

extension DeltaFeed {
  /// `GET /users/$count` (an advanced query), for the "of ~N" in sync progress; nil on any
  /// failure: the estimate is a courtesy, never a reason to stop a sync.
  public static func liveEstimate(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport
  ) -> @Sendable () async -> Int? {
    let executor = GraphRequestExecutor(
      configuration: configuration, tokens: tokens, transport: transport, sleep: { try await Task.sleep(for: $0) })
    return {
      guard let url = URL(string: configuration.root + "/users/$count") else { return nil }
      let response = try? await executor.get(
        url, headers: [("ConsistencyLevel", "eventual")], permission: "User.ReadBasic.All", retrying: false
      ) { _ in }
      return response.flatMap { Int(String(decoding: $0.body, as: UTF8.self).trimmingCharacters(in: .whitespaces)) }
    }
  }
}
