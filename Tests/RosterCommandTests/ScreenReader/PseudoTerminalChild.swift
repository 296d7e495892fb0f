import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `roster` on a pseudo-terminal of its own, as a terminal emulator (or Speakup's console) runs
/// it: stdin, stdout and stderr are the terminal, which is its controlling terminal. Everything
/// it writes is kept in order (the transcript); tests wait for text to appear, never for time.
final class PseudoTerminalChild: @unchecked Sendable {
  let pid: pid_t
  private let master: Int32
  private let lock = NSCondition()
  private var bytes: [UInt8] = []
  private var ended = false

  init(arguments: [String], environment: [String: String], rows: UInt16 = 24, columns: UInt16 = 80) throws {
    guard let path = RosterBinary.url?.path else { throw SandboxHarnessError("roster is not built") }
    // `posix_openpt`, `unlockpt` and `ptsname` are hidden from Swift's Glibc (behind
    // `_XOPEN_SOURCE`): their Linux insides instead, the multiplexer and two ioctls.
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
      throw SandboxHarnessError("no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = "/dev/pts/\(number)"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after `setsid`, the terminal becomes the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var child: pid_t = 0
    let spawned = SpawnedChild.spawn(
      path, arguments: arguments, environment: environment, actions: &actions, extraFlags: Self.spawnSetSID,
      pid: &child)
    guard spawned == 0 else {
      close(master)
      throw SandboxHarnessError("could not start roster: \(String(cString: strerror(spawned)))")
    }
    pid = child
    Thread { [self] in readUntilEnd() }.start()
  }

  deinit { close(master) }

  /// `TIOCSPTLCK`, `TIOCGPTN` (asm-generic/ioctls.h) and glibc's `POSIX_SPAWN_SETSID` (spawn.h).
  private static let setLock = UInt(0x4004_5431)
  private static let getNumber = UInt(0x8004_5430)
  private static let spawnSetSID = Int32(0x80)

  /// Reads the terminal until the child has closed it (EIO on Linux).
  private func readUntilEnd() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      lock.lock()
      if count > 0 { bytes += buffer.prefix(count) } else { ended = true }
      lock.broadcast()
      lock.unlock()
      if count <= 0 { return }
    }
  }

  /// Everything written so far, as text.
  var transcript: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Types `text` (a key's bytes) into the terminal.
  func type(_ text: String) {
    let data = Array(text.utf8)
    _ = data.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Returns once the transcript satisfies `condition` (true), or the child's output ended or
  /// `limit` passed first (false) — a bound on a failing test, not a wait for the child.
  func waitFor(limit: TimeInterval = 60, _ condition: @escaping @Sendable (String) -> Bool) async -> Bool {
    await withCheckedContinuation { continuation in
      Thread { [self] in
        let deadline = Date().addingTimeInterval(limit)
        lock.lock()
        defer { lock.unlock() }
        while true {
          if condition(String(decoding: bytes, as: UTF8.self)) { return continuation.resume(returning: true) }
          if ended || !lock.wait(until: deadline) { return continuation.resume(returning: false) }
        }
      }.start()
    }
  }

  /// Waits for the child's end: its exit status.
  func exitStatus() async -> Int32 {
    let pid = pid
    return await withCheckedContinuation { continuation in
      Thread {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        continuation.resume(returning: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
      }.start()
    }
  }
}
