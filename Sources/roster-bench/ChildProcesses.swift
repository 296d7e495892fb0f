import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every long-lived process the bench starts (`roster sandbox`, Roster under a pseudo-terminal),
/// so that each is stopped on every way out (issue 28 item 6): a run that failed left both of
/// its sandboxes running, the 200,000-person one holding about 500 MB. A thrown error is covered
/// by the `defer`s that call `stop()`/`terminate()`; `exit` by an `atexit` handler; SIGINT,
/// SIGTERM, SIGHUP and SIGQUIT, and a crash (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS), by
/// handlers that send SIGTERM to each child and then end the bench as the signal would.
///
/// The handlers read a fixed C array of process ids and call `kill`, both async-signal-safe;
/// Swift arrays and locks are not touched there.
enum ChildProcesses {
  private static let capacity = 64
  nonisolated(unsafe) private static let pids: UnsafeMutablePointer<pid_t> = {
    let pids = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
    pids.initialize(repeating: 0, count: capacity)
    return pids
  }()
  private static let lock = NSLock()

  /// Records a child the bench must stop before it ends.
  static func started(_ pid: pid_t) {
    guard pid > 0 else { return }
    lock.withLock {
      guard let free = (0..<capacity).first(where: { pids[$0] == 0 }) else { return }
      pids[free] = pid
    }
  }

  /// Forgets a child that was stopped and reaped (its id may be given to another process).
  static func ended(_ pid: pid_t) {
    lock.withLock {
      for slot in 0..<capacity where pids[slot] == pid { pids[slot] = 0 }
    }
  }

  /// SIGTERM to every child still recorded: safe inside a signal handler.
  static func terminateAll() {
    for slot in 0..<capacity where pids[slot] > 0 { kill(pids[slot], SIGTERM) }
  }

  /// Installs the `atexit` and signal handlers; call once, before the first child starts.
  static func stopChildrenOnEveryExit() {
    _ = pids  // allocated now, never inside a handler
    atexit { ChildProcesses.terminateAll() }
    let handler: @convention(c) (Int32) -> Void = { signal in
      ChildProcesses.terminateAll()
      Glibc.signal(signal, SIG_DFL)
      raise(signal)
    }
    let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS]
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in signals {
      _ = Glibc.signal(signal, handler)
      sigaddset(&unblocked, signal)
    }
    // A bench started by a program whose threads block signals (Dispatch's do, and a child
    // inherits the mask) would never see SIGTERM, nor would the children it starts from here.
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }
}
