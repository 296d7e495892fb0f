import Foundation
import Synchronization

/// The resource units each app may spend in a tenant per 10-second window, and what it has
/// spent (Graph's "application+tenant pair" limit; one sandbox is one tenant, so the key is the
/// app's client id).
///
/// A window opens at an app's first request and lasts 10 seconds on the sandbox's clock
/// (`SandboxConfiguration.now`, which tests move by hand). A request whose cost does not fit in
/// what is left is refused and spends nothing; it still counts towards the demand that
/// `x-ms-throttle-limit-percentage` reports (up to 1.8, as Graph's header ranges).
final class ResourceUnitBudget: Sendable {
  static let window: TimeInterval = 10

  /// Graph's budget by tenant size: S (under 50 users) 3,500, M (50 to 500) 5,000, L (above
  /// 500) 8,000 resource units per 10 seconds.
  static func units(forPeople people: Int) -> Int {
    people < 50 ? 3_500 : people <= 500 ? 5_000 : 8_000
  }

  enum Verdict: Equatable, Sendable {
    /// Served; `used` is the share of the budget spent so far in this window.
    case served(used: Double)
    /// Refused; the window ends in `retryAfter` seconds; `used` is the share asked for.
    case throttled(retryAfter: Int, used: Double)
  }

  private struct Window {
    var start: Date
    var spent = 0
    var asked = 0
  }

  private let windows = Mutex<[String: Window]>([:])

  /// Spends `cost` from `app`'s window if it fits in `budget`.
  func charge(app: String, cost: Int, budget: Int, now: Date) -> Verdict {
    windows.withLock { windows in
      var window = windows[app] ?? Window(start: now)
      let elapsed = now.timeIntervalSince(window.start)
      if elapsed >= Self.window || elapsed < 0 { window = Window(start: now) }
      window.asked += cost
      defer { windows[app] = window }
      guard window.spent + cost <= budget else {
        let left = Self.window - now.timeIntervalSince(window.start)
        return .throttled(
          retryAfter: max(1, Int(left.rounded(.up))), used: min(1.8, Double(window.asked) / Double(budget)))
      }
      window.spent += cost
      return .served(used: Double(window.spent) / Double(budget))
    }
  }

  /// Forgets every window (`DELETE /_sandbox/stats`).
  func reset() { windows.withLock { $0.removeAll() } }
}
