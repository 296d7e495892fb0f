import Foundation
import SandboxDirectory
import Synchronization

/// What one sandbox has served since it started (or since `DELETE /_sandbox/stats`), for a
/// benchmark to compare runs: `GET /_sandbox/stats`, or `RunningSandbox.stats()` in-process.
public struct SandboxStats: Sendable, Equatable {
  /// Requests answered, identity platform and Graph alike; the control API is not counted.
  public var requests = 0
  /// Graph requests, each request inside a `$batch` counted as well as the batch.
  public var graphRequests = 0
  /// Resource units the served Graph requests cost (counted under `.generous` too).
  public var resourceUnits = 0
  /// 429 responses sent: the budget's, injected faults' and those inside a `$batch`.
  public var throttled = 0

  public init() {}

  var json: JSONValue {
    .object([
      ("requests", .int(requests)), ("graphRequests", .int(graphRequests)),
      ("resourceUnits", .int(resourceUnits)), ("throttled", .int(throttled)),
    ])
  }
}

/// The counters behind `SandboxStats`, shared by every handler of one sandbox.
final class StatsCounter: Sendable {
  private let stats = Mutex(SandboxStats())

  var current: SandboxStats { stats.withLock { $0 } }

  func record(_ change: (inout SandboxStats) -> Void) { stats.withLock { change(&$0) } }

  func reset() { stats.withLock { $0 = SandboxStats() } }
}
