import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `$XDG_STATE_HOME/roster/roster.log`: appended to, 0600 in a 0700 directory, and rotated to
/// `roster.log.1` once it would pass `sizeCap`, so a chatty debug session never fills a disk.
///
/// The file is opened on the first line, not at start: a run that logs nothing leaves nothing.
/// Each line is one `write(2)` to an `O_APPEND` descriptor, so two processes logging at once
/// interleave whole lines.
public final class LogFile: Sendable {
  public let path: String
  public let sizeCap: Int
  private let descriptor = Mutex<Int32>(-1)

  /// 5 MB, and one older file: about 20,000 debug lines of HTTP calls, ten times that at info.
  public static let defaultSizeCap = 5 * 1024 * 1024

  public init(path: String, sizeCap: Int = defaultSizeCap) {
    self.path = path
    self.sizeCap = sizeCap
  }

  deinit {
    let fd = descriptor.withLock { $0 }
    if fd >= 0 { close(fd) }
  }

  /// Appends `line` (a newline is added), rotating first when the file would pass the cap.
  /// Failures are swallowed: a log that cannot be written must not stop the program.
  public func append(_ line: String) {
    let data = Array((line + "\n").utf8)
    descriptor.withLock { fd in
      if fd < 0 { fd = openFile() }
      guard fd >= 0 else { return }
      var info = stat()
      if fstat(fd, &info) == 0, Int(info.st_size) + data.count > sizeCap, info.st_size > 0 {
        close(fd)
        rename(path, path + ".1")
        fd = openFile()
        guard fd >= 0 else { return }
      }
      _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
  }

  /// Opens (creating) the file 0600 without following a symlink, and repairs a wider mode.
  private func openFile() -> Int32 {
    let directory = (path as NSString).deletingLastPathComponent
    if !FileManager.default.fileExists(atPath: directory) {
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if fd >= 0 { fchmod(fd, 0o600) }
    return fd
  }
}
