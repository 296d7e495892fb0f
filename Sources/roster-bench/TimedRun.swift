import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `roster` run timed the way `time roster … > file` times it: `posix_spawn` with stdout and
/// stderr sent to files (no pipe for the child to wait on, no reader thread in the bench), the
/// wall from just before the spawn to `wait4`'s return, and the child's own user and system CPU
/// from `wait4`'s rusage. `Process` with pipes and a 20 ms poll added 60–90 ms to a 110 ms
/// command (docs/benchmarks.md), which hid what Roster itself takes.
enum TimedRun {
  struct Result {
    var status: Int32
    var wallMillis: Double
    var cpuMillis: Double
    var stdout: String
    var stderr: String
  }

  static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-bench-run-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("stdout").path
    let err = directory.appendingPathComponent("stderr").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let started = monotonicNanos()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else { throw BenchError("could not start \(executable): \(String(cString: strerror(spawned)))") }
    ChildProcesses.started(pid)
    defer { ChildProcesses.ended(pid) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
    let wall = millis(monotonicNanos() - started)
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
    return Result(
      status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), wallMillis: wall,
      cpuMillis: cpu * 1000, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
  }

  private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
}
