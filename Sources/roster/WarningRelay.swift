import AppRuntime
import Foundation
import RosterCore

/// Where warnings from below the UI (the token cache repairing its permissions) go: stderr until
/// the full-screen UI starts, then its status line. Printing to stderr while ncurses owns the
/// screen would leave the text over the UI until the next full repaint.
final class WarningRelay: Sendable {
  private let sink = LockedValue<(@Sendable (String) -> Void)?>(nil)

  /// Sends later warnings to `deliver` (the UI's store) instead of stderr.
  func attach(_ deliver: @escaping @Sendable (String) -> Void) {
    sink.withLock { $0 = deliver }
  }

  func post(_ message: String) {
    if let deliver = sink.withLock({ $0 }) {
      deliver(message)
    } else {
      Console.error(message)
    }
  }
}
