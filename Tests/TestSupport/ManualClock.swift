import Foundation
import Synchronization

/// Time the tests move by hand, so expiry and auto-approval are tested without sleeping.
final class ManualClock: Sendable {
  private let current: Mutex<Date>

  init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }

  var now: Date { current.withLock { $0 } }

  func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

  var function: @Sendable () -> Date { { self.now } }
}
