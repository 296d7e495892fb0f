import Foundation

/// Countdown arithmetic shared by the reducer (when is it due, when to tick) and the UI (how many
/// seconds to show), so both agree.
///
/// Date arithmetic on wall-clock values carries sub-microsecond noise, so a tick meant for a
/// whole second can land a hair early or late; a 1 ms tolerance keeps "3, 2, 1" steady.
public enum Countdown {
  static let tolerance: TimeInterval = 0.001

  /// Whole seconds left until `deadline` at `now` (0 once due), rounded up: 2.5 s shows as 3.
  public static func secondsLeft(until deadline: Date, now: Date) -> Int {
    max(0, Int((deadline.timeIntervalSince(now) - tolerance).rounded(.up)))
  }

  /// Whether `deadline` has come at `now`.
  public static func isDue(_ deadline: Date, now: Date) -> Bool {
    deadline.timeIntervalSince(now) < tolerance
  }

  /// How long until the next whole second of `deadline` counts off (at most 1 s).
  static func delayToNextSecond(of deadline: Date, now: Date) -> TimeInterval {
    let remaining = deadline.timeIntervalSince(now)
    guard remaining >= tolerance else { return 0 }
    let fraction = remaining - remaining.rounded(.down)
    return fraction < tolerance ? 1 : fraction
  }
}
