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
  /// Identity requests for `/groups…` (a `$batch`'s inner ones included), what they cost, how
  /// many were refused by the budget, and when the last was answered (seconds after the counters
  /// started): the groups' own figures of a sync that runs people and groups side by side.
  public var groupRequests = 0
  public var groupResourceUnits = 0
  public var groupThrottled = 0
  public var groupLastSeconds = 0.0

  public init() {}

  var json: JSONValue {
    .object([
      ("requests", .int(requests)), ("graphRequests", .int(graphRequests)),
      ("resourceUnits", .int(resourceUnits)), ("throttled", .int(throttled)),
      (
        "groups",
        .object([
          ("requests", .int(groupRequests)), ("resourceUnits", .int(groupResourceUnits)),
          ("throttled", .int(groupThrottled)), ("lastSeconds", .number(groupLastSeconds)),
        ])
      ),
    ])
  }
}

/// The counters behind `SandboxStats`, shared by every handler of one sandbox.
final class StatsCounter: Sendable {
  private let stats = Mutex((counted: SandboxStats(), started: Date()))

  var current: SandboxStats { stats.withLock { $0.counted } }

  func record(_ change: (inout SandboxStats) -> Void) { stats.withLock { change(&$0.counted) } }

  /// Counts a groups request (`served`: its cost; nil when the budget refused it).
  func recordGroups(served cost: Int?) {
    stats.withLock { state in
      if let cost {
        state.counted.groupRequests += 1
        state.counted.groupResourceUnits += cost
      } else {
        state.counted.groupThrottled += 1
      }
      state.counted.groupLastSeconds = Date().timeIntervalSince(state.started)
    }
  }

  func reset() { stats.withLock { $0 = (SandboxStats(), Date()) } }
}
