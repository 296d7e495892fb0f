import Foundation
import Synchronization

/// Wall-clock time the tests move by hand (the sandbox's `SandboxConfiguration.now`), so expiry
/// and auto-approval are tested without sleeping.
public final class ManualClock: Sendable {
  private let current: Mutex<Date>

  public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }

  public var now: Date { current.withLock { $0 } }

  public func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

  public var function: @Sendable () -> Date { { self.now } }
}
