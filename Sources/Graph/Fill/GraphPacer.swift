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
  /// Whether the tenant's size may raise the budget: only for the default guess, and only until
  /// an answer's headers measure it.
  private var sizeMayRaise: Bool
  /// People listed so far by a fill: the tenant holds at least that many.
  private var peopleListed = 0
  let share: Double
  private let now: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void
  /// Units sent (counted when they go: what may still be charged).
  private var spent: [(at: Date, units: Double)] = []
  /// Units answered (what the service has charged for sure).
  private var answered: [(at: Date, units: Double)] = []

  /// `budget`: resource units a 10 s window until the answers say less; nil starts from the
  /// smallest tenant's and rises with the people a fill lists (`peopleListed(_:)`). One pacer is
  /// shared by every fill of a sync (people's and groups' run side by side against one budget).
  public init(
    budget: Double? = nil, share: Double = 0.9,
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.budget = budget ?? Self.conservativeBudget
    self.sizeMayRaise = budget == nil
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

  /// Graph's budget by tenant size (throttling-limits, "Identity and access service limits": under
  /// 50 users 3,500 units a 10 s window, 50–500 5,000, over 500 8,000).
  static func budget(forPeople people: Int) -> Double {
    people > 500 ? 8_000 : people >= 50 ? 5_000 : conservativeBudget
  }

  /// A fill listed `count` more people: the tenant holds at least all listed so far, so its budget
  /// is at least that size's. A 200,000-person first sync otherwise kept to the smallest tenant's
  /// 3,500 (315 units a second at 0.9) and people's and groups' look-ups waited on it: 25 s of
  /// 8,063 units against 11 s at the 8,000 such a tenant has. Headers that measured the budget
  /// (`learn`) win over the size.
  func peopleListed(_ count: Int) {
    peopleListed += count
    guard sizeMayRaise else { return }
    budget = max(budget, Self.budget(forPeople: peopleListed))
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
    sizeMayRaise = false
    budget = min(budget, max(1, charged / percentage))
  }

  private func forget(before time: Date) {
    let horizon = time.addingTimeInterval(-Self.window)
    spent.removeFirst(spent.firstIndex { $0.at > horizon } ?? spent.count)
    answered.removeFirst(answered.firstIndex { $0.at > horizon } ?? answered.count)
  }
}
