import Foundation
import Synchronization

/// Outlook's own limit, which getSchedule falls under instead of the identity service's resource
/// units (throttling-limits, "Outlook service limits": "10,000 API requests in a 10 minute period"
/// per app ID and mailbox combination). One window per app and mailbox (the caller's: getSchedule
/// is asked through `/me/calendar`), opened by its first request, on the sandbox's clock; a request
/// over the limit is refused and counts nothing.
final class MailboxRequestLimit: Sendable {
  static let window: TimeInterval = 600

  private struct Window {
    var start: Date
    var count = 0
  }

  private let windows = Mutex<[String: Window]>([:])

  /// nil when served; else the seconds to the window's end (at least 1).
  func admit(app: String, mailbox: String, limit: Int, now: Date) -> Int? {
    windows.withLock { windows in
      let key = app + "/" + mailbox
      var window = windows[key] ?? Window(start: now)
      let elapsed = now.timeIntervalSince(window.start)
      if elapsed >= Self.window || elapsed < 0 { window = Window(start: now) }
      defer { windows[key] = window }
      guard window.count < limit else { return max(1, Int((Self.window - elapsed).rounded(.up))) }
      window.count += 1
      return nil
    }
  }

  /// Forgets every window (`DELETE /_sandbox/stats`).
  func reset() { windows.withLock { $0.removeAll() } }
}
