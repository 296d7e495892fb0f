import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Everything a command prints on stdout goes through here, written with `write(2)` until every
/// byte is out. `FileHandle.write` traps when the reader has gone (`roster mfa --missing | head`:
/// SwiftNIO ignores SIGPIPE for the process, so the write fails with EPIPE and Foundation's
/// `try!` crashed with a half-minute backtrace). A closed pipe ends the command as it ends any
/// Unix tool: by SIGPIPE, silently, exit status 141 in the shell.
enum StandardOutput {
  static func write(_ text: String) { write(bytes: Array(text.utf8)) }

  /// Bytes already made (a report's table, `ReportTable`): written as they are.
  static func write(bytes: [UInt8]) {
    var bytes = bytes
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
        continue
      }
      if written < 0, errno == EINTR || errno == EAGAIN { continue }
      if written < 0, errno == EPIPE { endByBrokenPipe() }
      return  // any other failure (a full disk): nothing more can be said on stdout
    }
  }

  /// The default SIGPIPE disposition, then the signal: the process ends as the reader expects.
  static func endByBrokenPipe() -> Never {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    exit(141)
  }
}
