import Foundation
import TestSupport
import Testing

/// The real `roster` in tmux, inside a script that records the terminal modes (`stty -g`) before
/// and after it and its exit status, with HOME and the XDG directories in a private folder.
/// The inner shell writes its pid and becomes roster (`exec`), so a signal sent to that pid
/// reaches roster itself. Roster runs with `--idle-file`, so a test waits for the app to settle
/// (`settle(after:)`) rather than for a while.
final class RosterInTmux {
  let work: URL
  let tmux = Tmux()
  private let binary: URL

  /// Suites using it are `.enabled(if: Tmux.isAvailable, …)`; a missing binary fails the test.
  init() throws {
    binary = try #require(RosterBinary.url, "roster binary not found next to the tests; run `swift build` first")
    work = FileManager.default.temporaryDirectory.appendingPathComponent("roster-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  }

  /// A second run in `other`'s folder (the same HOME: its tokens and index) once `other`'s roster
  /// has exited, in a tmux of its own; `other.finish()` removes the folder.
  init(sharing other: RosterInTmux) throws {
    binary = other.binary
    work = other.work
    for file in ["exit", "pid", "before", "after", "idle"] {
      try? FileManager.default.removeItem(at: work.appendingPathComponent(file))
    }
  }

  /// Ends tmux and removes the folder (call it in a `defer`).
  func finish() {
    tmux.kill()
    try? FileManager.default.removeItem(at: work)
  }

  /// The file roster touches whenever it becomes idle (no effect in flight).
  var idleFile: URL { work.appendingPathComponent("idle") }

  /// Starts `roster ARGUMENTS --idle-file …` with `environment` added, in a `cols`×`rows` window.
  func start(_ arguments: [String], environment: [String: String] = [:], cols: Int, rows: Int) throws {
    let arguments = arguments + ["--idle-file", idleFile.path]
    let dir = work.path
    let quote = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let variables = environment.map { "\($0.key)=\(quote($0.value))" }.sorted().joined(separator: " ")
    let script = """
      stty -g > '\(dir)/before'
      sh -c 'echo $$ > "$1/pid"; shift; exec env TERM=xterm-256color LANG=C.UTF-8 "$@"' _ '\(dir)' \\
        HOME='\(dir)' XDG_STATE_HOME='\(dir)/state' XDG_CONFIG_HOME='\(dir)/config' \\
        XDG_CACHE_HOME='\(dir)/cache' \(variables) \\
        \(([binary.path] + arguments).map(quote).joined(separator: " "))
      echo "exit=$?" > '\(dir)/exit.tmp'
      stty -g > '\(dir)/after'
      mv '\(dir)/exit.tmp' '\(dir)/exit'
      echo "back at the shell"
      exec sleep 600
      """
    let scriptFile = work.appendingPathComponent("run.sh")
    try script.write(to: scriptFile, atomically: true, encoding: .utf8)
    try tmux.start(command: "sh '\(scriptFile.path)'", cols: cols, rows: rows)
  }

  /// `roster --demo` over `people` (Graph user objects), at `cols`×`rows`, once its sign-in is approved
  /// and its index synced.
  func startDemo(people: [[String: Any]], cols: Int = 80, rows: Int = 24) throws {
    let file = work.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    try start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": file.path], cols: cols, rows: rows)
    try tmux.until("the search screen after approval", timeout: 45) { $0.contains("Search:") }
    try tmux.until("the index synced", timeout: 45) { $0.contains("index, synced") }
  }

  /// Does `action` (keys) and waits until roster has handled it and everything it started (debounce,
  /// requests, detail loads) has finished: the idle file is removed first and touched again by
  /// roster when it is idle. The screen may still be a frame behind; read it with `tmux.until`.
  func settle(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, after action: () throws -> Void
  ) throws {
    try? FileManager.default.removeItem(at: idleFile)
    try action()
    try tmux.until("roster to settle after \(what)", sourceLocation: sourceLocation) { _ in
      FileManager.default.fileExists(atPath: self.idleFile.path)
    }
  }

  /// roster's process id, once the script has started it.
  func pid() throws -> Int32? {
    Int32(
      try String(contentsOf: work.appendingPathComponent("pid"), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Waits for roster to end; its exit status, and whether the terminal modes are as before.
  func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int?, modesRestored: Bool) {
    let exitFile = work.appendingPathComponent("exit")
    try tmux.until("roster to exit", sourceLocation: sourceLocation) { _ in
      FileManager.default.fileExists(atPath: exitFile.path)
    }
    let status = (try? String(contentsOf: exitFile, encoding: .utf8))
      .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("exit=".count)) }
    let before = try String(contentsOf: work.appendingPathComponent("before"), encoding: .utf8)
    let after = try String(contentsOf: work.appendingPathComponent("after"), encoding: .utf8)
    return (status, before == after)
  }
}
