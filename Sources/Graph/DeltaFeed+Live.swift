import Foundation
import RosterCore
import Transport

extension DeltaFeed {
  /// The properties the local index keeps: every `Person` field, and `manager` (answered as
  /// `manager@delta` when the token may read managers).
  static let selected = UserQuery.detailFields + ["manager"]

  /// `GET /users/delta` over Microsoft Graph (`ChangeFeed.live`).
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    pageSize: Int? = nil,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> DeltaFeed {
    live(
      configuration: configuration, tokens: tokens, transport: transport, pageSize: pageSize, sleep: sleep,
      start: "/users/delta?" + ODataText.queryString([("$select", selected.joined(separator: ","))]),
      permission: "User.ReadBasic.All", decode: { try DeltaDecoding.page(from: $0) })
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
