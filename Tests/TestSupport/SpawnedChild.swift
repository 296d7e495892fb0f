import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child started with `posix_spawn`, its stdin `/dev/null` and its stdout and stderr pipes.
///
/// Not `Foundation.Process`: on Linux its `run()` crashes intermittently (SIGSEGV in a memcpy)
/// from an over-read of `struct dirent` in `findMaximumOpenFromProcSelfFD()`
/// (swiftlang/swift-corelibs-foundation#5472, reproduced on Swift 6.3.1), and the command tests
/// start hundreds of children. Like `Process`, the child gets every signal's default action and
/// an empty signal mask (the test process ignores SIGPIPE); its pipes are close-on-exec, so no
/// other child keeps them open.
public final class SpawnedChild: Sendable {
  let pid: pid_t
  let stdout: FileHandle
  let stderr: FileHandle

  init(path: String, arguments: [String], environment: [String: String]) throws {
    var out: [Int32] = [-1, -1]
    var err: [Int32] = [-1, -1]
    guard pipe(&out) == 0 else { throw Self.failure("pipe") }
    guard pipe(&err) == 0 else {
      close(out[0])
      close(out[1])
      throw Self.failure("pipe")
    }
    // Close-on-exec, so no other child started meanwhile keeps these pipes open.
    for descriptor in out + err { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, out[1], 1)
    posix_spawn_file_actions_adddup2(&actions, err[1], 2)
    var child: pid_t = 0
    let spawned = Self.spawn(path, arguments: arguments, environment: environment, actions: &actions, pid: &child)
    close(out[1])
    close(err[1])
    guard spawned == 0 else {
      close(out[0])
      close(err[0])
      throw SandboxHarnessError("could not start \(path): \(String(cString: strerror(spawned)))")
    }
    pid = child
    stdout = FileHandle(fileDescriptor: out[0], closeOnDealloc: true)
    stderr = FileHandle(fileDescriptor: err[0], closeOnDealloc: true)
  }

  /// `posix_spawn` as `Process` would: every signal at its default action and none blocked (the
  /// test process ignores SIGPIPE), with `extraFlags` (a pseudo-terminal's child adds setsid).
  /// Answers posix_spawn's status; `pid` is set when it is 0.
  public static func spawn(
    _ path: String, arguments: [String], environment: [String: String],
    actions: inout posix_spawn_file_actions_t, extraFlags: Int32 = 0, pid: inout pid_t
  ) -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | extraFlags))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    return posix_spawn(&pid, path, &actions, &attributes, argv, envp)
  }

  /// Blocks until the child ends: its exit status, or 128 + the signal that ended it (as a shell says).
  func waitForExit() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else { return -1 }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  private static func failure(_ call: String) -> SandboxHarnessError {
    SandboxHarnessError("\(call) failed: \(String(cString: strerror(errno)))")
  }
}
