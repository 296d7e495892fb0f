import Foundation
import Transport

/// Keeps one client's own requests inside Graph's resource-unit budget (throttling-limits,
/// "Identity and access service limits"; PROTOCOL.md "Graph's limits"), so a first sync is
/// paced rather than refused.
///
/// It counts what was sent over the trailing 10 seconds and lets a request go only while that
/// sum and the request's cost stay within `share` of the budget. A trailing window that never
/// holds more than the budget is never over it in any fixed window nor in a token bucket of that
/// size either, whatever the service's window is. The budget starts at `budget` (3,500 units,
/// the smallest tenant's, by default) and is learnt from the answers: `x-ms-resource-unit` says
/// what a request cost, and `x-ms-throttle-limit-percentage` (sent from 0.8 of the budget on)
/// what share of the budget is spent. The service had charged at least what was answered by then,
/// so the budget is at least that divided by the share: the pacer takes that lower bound (exact
/// when the service's window began with this client's; an estimate from above when it began
/// later). The 20 % between the header's first appearance and the limit is the margin for the
/// requests already on their way when it is first seen.
public actor GraphPacer {
  static let window: TimeInterval = 10
  /// The smallest tenant's budget (under 50 users): no tenant has less.
  public static let conservativeBudget = 3_500.0

  private(set) var budget: Double
  let share: Double
  private let now: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void
  /// Units sent (counted when they go: what may still be charged).
  private var spent: [(at: Date, units: Double)] = []
  /// Units answered (what the service has charged for sure).
  private var answered: [(at: Date, units: Double)] = []

  /// `budget`: resource units a 10 s window until the answers say less. One pacer is shared by
  /// every fill of a sync (people's and groups' run side by side against one budget).
  public init(
    budget: Double = GraphPacer.conservativeBudget, share: Double = 0.9,
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.budget = budget
    self.share = share
    self.now = now
    self.sleep = sleep
  }

  /// Waits until `units` fit in the trailing window, then counts them as spent.
  func admit(_ units: Double) async throws {
    while true {
      let time = now()
      forget(before: time)
      let used = spent.reduce(0) { $0 + $1.units }
      // A request dearer than the whole allowance still goes once the window is empty.
      if used + units <= budget * share || spent.isEmpty {
        spent.append((time, units))
        return
      }
      // Wait for enough of the oldest spending to leave the window.
      var freed = 0.0
      var until = time
      for entry in spent {
        freed += entry.units
        until = entry.at.addingTimeInterval(Self.window)
        if used - freed + units <= budget * share { break }
      }
      let wait = max(0.01, until.timeIntervalSince(time))
      try await sleep(.milliseconds(Int((wait * 1000).rounded(.up))))
    }
  }

  /// Learns from an answer's headers (an inner answer of a `$batch` too): its real cost, which
  /// replaces the `guessed` cost counted when it went, and the share of the budget spent.
  func learn(from response: HTTPResponse, guessed: Double) {
    let time = now()
    let cost = response.header("x-ms-resource-unit").flatMap(Double.init) ?? guessed
    if cost != guessed { spent.append((time, cost - guessed)) }
    answered.append((time, cost))
    forget(before: time)
    guard let percentage = response.header("x-ms-throttle-limit-percentage").flatMap(Double.init), percentage > 0
    else { return }
    let charged = answered.reduce(0) { $0 + $1.units }
    budget = min(budget, max(1, charged / percentage))
  }

  private func forget(before time: Date) {
    let horizon = time.addingTimeInterval(-Self.window)
    spent.removeFirst(spent.firstIndex { $0.at > horizon } ?? spent.count)
    answered.removeFirst(answered.firstIndex { $0.at > horizon } ?? answered.count)
  }
}
