import AppRuntime
import Foundation
import RosterCore

/// Where warnings from below the UI (the token cache repairing its permissions) go: stderr until
/// the full-screen UI starts, then its status line. Printing to stderr while ncurses owns the
/// screen would leave the text over the UI until the next full repaint.
///
/// Warnings posted while the UI is being composed (choosing the account reads the token cache
/// first) are held and delivered when it attaches: printed then, ncurses would paint over them.
final class WarningRelay: Sendable {
  private let sink = LockedValue<(@Sendable (String) -> Void)?>(nil)
  private let held = LockedValue<[String]?>(nil)

  /// - Parameter holding: keep warnings for the UI instead of printing them until it attaches.
  init(holding: Bool = false) {
    if holding { held.withLock { $0 = [] } }
  }

  /// Sends later warnings (and those held) to `deliver` (the UI's store) instead of stderr.
  func attach(_ deliver: @escaping @Sendable (String) -> Void) {
    sink.withLock { $0 = deliver }
    let waiting = held.withLock { held -> [String] in
      let waiting = held ?? []
      held = nil
      return waiting
    }
    waiting.forEach(deliver)
  }

  func post(_ message: String) {
    if let deliver = sink.withLock({ $0 }) {
      deliver(message)
    } else if !held.withLock({ held -> Bool in
      guard held != nil else { return false }
      held?.append(message)
      return true
    }) {
      Console.error(message)
    }
  }
}
