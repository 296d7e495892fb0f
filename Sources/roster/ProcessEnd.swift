import Foundation

/// What a command has printed and no longer needs, kept until the process exits instead of freed
/// piece by piece: the kernel takes the whole heap back at once. Freeing the expiry report's ten
/// thousand rows one string at a time was about 3 % of `roster apps --expiring 30d --offline`
/// (issue 42); compilers skip their last frees for the same reason (clang's `-disable-free`).
/// Only for values made once, just before the command ends: a long-running screen never keeps.
enum ProcessEnd {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var kept: [Any] = []

  static func keep(_ value: Any) {
    lock.withLock { kept.append(value) }
  }
}
