import Foundation

/// A program measured by the harness: Roster, or fzf as the reference.
struct Subject {
  var name: String
  var executable: String
  var arguments: [String]
  var environment: [String: String]
  /// Texts that must all have been drawn for the first frame to count as complete.
  var firstFrameMarkers: [String]
  /// The text the input line shows once `typed` has been typed ("Search: ali", "> ali").
  var echoLine: (String) -> String
  /// Key that asks for a full repaint (Ctrl-L in both).
  var repaintKey: [UInt8] = [0x0C]
  /// The pseudo-terminal's size (the 80×24 unless `--cols`/`--rows` say otherwise).
  var rows = 24
  var cols = 80

  func launch() throws -> PTYSession {
    try PTYSession(executable: executable, arguments: arguments, environment: environment, rows: rows, cols: cols)
  }

  /// Starts the program and waits for its first complete frame; nil when it never came.
  func launchAndWaitForFirstFrame(timeout: Double = 20) throws -> (PTYSession, startedAt: UInt64, firstFrame: UInt64?) {
    let start = monotonicNanos()
    let session = try launch()
    let markers = firstFrameMarkers
    let frame = session.waitForScreen(timeout: timeout) { screen in markers.allSatisfy { screen.contains($0) } }
    return (session, start, frame)
  }
}

/// Keys as a terminal sends them.
enum Keys {
  static let down: [UInt8] = [0x1B, 0x5B, 0x42]
  static let end: [UInt8] = [0x1B, 0x5B, 0x46]
  static let pageDown: [UInt8] = [0x1B, 0x5B, 0x36, 0x7E]
  static let ctrlU: [UInt8] = [0x15]
}

/// Sleeps until an absolute point of the monotonic clock, so key intervals do not drift.
func sleep(until deadline: UInt64) {
  let now = monotonicNanos()
  if deadline > now { usleep(useconds_t((deadline - now) / 1000)) }
}
