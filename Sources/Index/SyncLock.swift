import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One sync per account across processes: an advisory `flock` on the index's lock file. The
/// kernel drops it when the process dies, SIGKILL included, so a crashed sync never blocks the
/// next one.
final class SyncLock {
  private let descriptor: Int32

  /// nil when another process holds the lock.
  init?(_ url: URL) {
    let descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
