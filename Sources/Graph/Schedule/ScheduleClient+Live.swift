import Foundation
import RosterCore
import Transport

extension ScheduleClient {
  /// The Microsoft Graph schedule client (`POST /me/calendar/getSchedule`), over the same
  /// configuration, tokens, transport and retries (429 and `Retry-After` included) as
  /// `DirectoryClient.live`. `perCall` and `concurrent` are for tests.
  public static func live(
    configuration: GraphConfiguration,
    tokens: any AccessTokenProvider,
    transport: any HTTPTransport,
    perCall: Int = ScheduleClient.maxAddressesPerCall,
    concurrent: Int = ScheduleClient.maxConcurrentCalls,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> ScheduleClient {
    let executor = GraphRequestExecutor(
      configuration: configuration, tokens: tokens, transport: transport, sleep: sleep)
    let graph = GraphSchedule(
      configuration: configuration, executor: executor, perCall: max(perCall, 1), concurrent: max(concurrent, 1))
    return ScheduleClient(schedules: { addresses, window, onRetry in
      try await graph.schedules(for: addresses, window: window, onRetry: onRetry)
    })
  }
}
