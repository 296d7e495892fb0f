import Foundation
import Testing

/// Drives the real `roster` binary in tmux on a private socket (`tmux -L roster-e2e-PID`), so the
/// user's own tmux server is never touched (fzf's test/lib/common.rb, transposed to Swift).
struct TmuxError: Error { var message: String }

final class Tmux {
  let socket = "roster-e2e-\(getpid())-\(UUID().uuidString.prefix(6))"
  let session = "t"

  static var isAvailable: Bool { (try? run(["tmux", "-V"]).status) == 0 }

  @discardableResult
  static func run(_ arguments: [String], captureOutput: Bool = true) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    // A command that starts the tmux server must not get a pipe: the daemon would inherit it and
    // the read below would never see end-of-file.
    guard captureOutput else {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return (process.terminationStatus, "")
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    try Self.run(["tmux", "-L", socket] + arguments).output
  }

  func start(command: String, cols: Int, rows: Int) throws {
    // Through system(3): Foundation's Process waits on descriptors the forked tmux server
    // inherits, so starting the server with it never returns.
    let arguments = [
      "tmux", "-L", socket, "new-session", "-d", "-s", session, "-x", "\(cols)", "-y", "\(rows)", command,
    ]
    let line = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let status = system(line + " </dev/null >/dev/null 2>&1")
    if status != 0 { throw TmuxError(message: "tmux new-session failed (\(status))") }
  }

  /// Types literal text.
  func type(_ text: String) throws { try tmux(["send-keys", "-t", session, "-l", text]) }
  /// Sends key names (`Down`, `C-u`, `Enter`, `Escape`).
  func keys(_ names: String...) throws { try tmux(["send-keys", "-t", session] + names) }

  func capture(ansi: Bool = false) throws -> String {
    try tmux(["capture-pane", "-p", "-J", "-t", session] + (ansi ? ["-e"] : []))
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
      .joined(separator: "\n")
  }

  /// The cursor as tmux holds it (row and column from 0): where a screen reader would read.
  func cursor() throws -> (row: Int, col: Int) {
    let parts = try tmux(["display", "-p", "-t", session, "#{cursor_y},#{cursor_x}"])
      .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
    guard parts.count == 2 else { throw TmuxError(message: "tmux gave no cursor position") }
    return (parts[0], parts[1])
  }

  func resize(cols: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", session, "-x", "\(cols)", "-y", "\(rows)"])
  }

  /// Polls the screen every 50 ms until `condition` holds; on timeout records an issue with the
  /// screen as it was (never a fixed sleep). The limits are generous because a passing step
  /// returns at once: in the full parallel suite on two cores a task save that takes 0.1 s alone
  /// took more than 15 s.
  @discardableResult
  func until(
    _ what: String, timeout: TimeInterval = 45, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (String) -> Bool
  ) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture()
      if condition(screen) { return true }
      usleep(50_000)
    }
    Issue.record(Comment(rawValue: "Timed out waiting for \(what). Screen:\n\(screen)"), sourceLocation: sourceLocation)
    return false
  }

  func kill() {
    _ = try? tmux(["kill-server"])
  }
}
