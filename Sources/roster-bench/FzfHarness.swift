import Foundation

/// fzf through the same harness: the reference for an as-you-type terminal UI.
enum FzfHarness {
  struct Figures {
    var typing: TypingFigures
    var navigation: NavigationFigures
    var startupMillis: Sample
    /// Exec to the screen that stays (fzf's list with every name read).
    var settledMillis: Sample
    var peakRSSKilobytes: Int?
  }

  static func locate() -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/fzf" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// fzf reading the same display names on stdin, list top-down so Down moves the marker.
  static func subject(fzf: String, names: [String], directory: URL) throws -> Subject {
    let list = directory.appendingPathComponent("names.txt")
    try names.joined(separator: "\n").appending("\n").write(to: list, atomically: true, encoding: .utf8)
    let total = names.count
    return Subject(
      name: "fzf", executable: "/bin/sh",
      arguments: ["-c", "exec \"$0\" --layout=reverse < \"$1\"", fzf, list.path],
      environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": directory.path],
      firstFrameMarkers: ["\(total)/\(total)"], echoLine: { "> \($0)" })
  }

  static func measure(_ subject: Subject, word: String, typingRuns: Int, navigationKeys: Int, startupRuns: Int) throws
    -> Figures
  {
    var runs: [TypingFigures] = []
    for _ in 0..<typingRuns {
      let (typingSession, _, _) = try subject.launchAndWaitForFirstFrame()
      typingSession.waitForQuiet(0.3, timeout: 5)
      runs.append(
        Scenarios.typing(typingSession, word: word, intervalMs: 60, echoLine: subject.echoLine) { session, _ in
          // fzf filters locally: its results are final when its output goes quiet after the last key.
          session.waitForQuiet(0.3, timeout: 5)
          return lastArrival(session)
        })
      typingSession.terminate()
    }
    let typing = TypingFigures(merging: runs)

    let (navSession, _, _) = try subject.launchAndWaitForFirstFrame()
    let navigation = Scenarios.navigation(
      navSession, count: navigationKeys, intervalMs: 20, repaintKey: subject.repaintKey)
    let rss = navSession.peakRSSKilobytes()
    navSession.terminate()

    let startup = try Scenarios.settledStartup(subject, runs: startupRuns)
    return Figures(
      typing: typing, navigation: navigation, startupMillis: startup.firstFrameMillis,
      settledMillis: startup.settledMillis, peakRSSKilobytes: rss)
  }

  private static func lastArrival(_ session: PTYSession) -> UInt64? {
    session.waitUntil(timeout: 0) { output, chunks in chunks.isEmpty ? nil : output.count }
  }
}
