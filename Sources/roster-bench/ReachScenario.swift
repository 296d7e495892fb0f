import Foundation

/// Issue 31's bar for the pane's day (the reach lines): the selection runs through 100 rows as a
/// held Down key does (one every 20 ms) with `Calendars.ReadBasic` granted; no getSchedule is
/// sent while it runs, at most one once it rests (the person and the people around them, in one
/// call), and the "Today" line is on screen within one round trip of the rest. Counted in the
/// sandbox's request log (logged as received), at 120×40 so list and pane stand side by side.
enum ReachScenario {
  struct Figures {
    /// getSchedule requests while the selection moved, and once it rested: the most of any run.
    var whileMoving: Int
    var afterRest: Int
    /// From the rest (the last key + Roster's selection rest) to the reach line on screen.
    var restToReachMillis: Sample
    var rows: Int
  }

  static let scopes = "openid profile offline_access User.Read User.ReadBasic.All User.Read.All Calendars.ReadBasic"

  /// Roster's selection rest (`Tuning.selectionRest`): the pane fills this long after the last key.
  static let selectionRestMs = 100.0

  static let schedulePath = "/v1.0/me/calendar/getSchedule"

  static func measure(roster: String, sandbox: SandboxProcess, tenant: Tenant, home: URL, runs: Int, rows: Int = 100)
    throws -> Figures
  {
    var subject = try RosterHarness.subject(binary: roster, sandbox: sandbox, scopes: scopes, home: home)
    (subject.rows, subject.cols) = (40, 120)
    subject.environment["ROSTER_INDEX"] = "off"
    try RosterHarness.signIn(subject, tenant: tenant)
    let (session, _, frame) = try subject.launchAndWaitForFirstFrame()
    defer { session.terminate() }
    guard frame != nil else { throw BenchError("roster never drew its main screen") }
    _ = session.send("a")
    guard session.waitForScreen(timeout: 20, { reachShown($0) }) != nil else {
      throw BenchError("the first person's reach line never showed: \(session.screenLines().joined(separator: "\n"))")
    }
    session.waitForQuiet(1.0, timeout: 10)
    var whileMoving = 0
    var afterRest = 0
    var restToReach: [Double] = []
    for _ in 0..<runs {
      try tenant.clearRequestLog()
      var next = monotonicNanos()
      var last: UInt64 = 0
      for _ in 0..<rows {
        sleep(until: next)
        last = session.send(Keys.down)
        next = last + 20_000_000
      }
      // Logged as received: read before the rest, what the run sent while moving.
      let moving = try schedules(tenant)
      _ = session.waitForScreen(timeout: 10) { !reachShown($0) }
      guard let shown = session.waitForScreen(timeout: 20, { reachShown($0) }) else {
        throw BenchError("the reach line never showed after the rest")
      }
      session.waitForQuiet(0.5, timeout: 10)
      whileMoving = max(whileMoving, moving)
      afterRest = max(afterRest, try schedules(tenant) - moving)
      restToReach.append(millis(shown - last) - selectionRestMs)
    }
    return Figures(whileMoving: whileMoving, afterRest: afterRest, restToReachMillis: Sample(restToReach), rows: rows)
  }

  /// The pane's day: "Today …", or the line that says the schedule could not be read.
  private static func reachShown(_ screen: ScreenEmulator) -> Bool {
    screen.contains("Today ") || screen.contains("not readable")
  }

  private static func schedules(_ tenant: Tenant) throws -> Int {
    try tenant.graphRequests().filter { ($0["path"] as? String) == schedulePath }.count
  }

  static func rows(_ figures: Figures, latencyMs: Int) -> [(
    metric: String, roster: Double?, fzf: Double?, target: String, unit: String
  )] {
    let runs = figures.restToReachMillis.count
    return [
      (
        "reach: getSchedule requests while the selection moves through \(figures.rows) rows (max of \(runs))",
        Double(figures.whileMoving), nil, "0", ""
      ),
      ("reach: getSchedule requests once it rests (max of \(runs))", Double(figures.afterRest), nil, "≤ 1", ""),
      (
        "reach: rest → reach line on screen, median", figures.restToReachMillis.median, nil,
        "≤ 1 round trip (\(latencyMs) ms + Roster's own)", "ms"
      ),
      ("reach: rest → reach line on screen, max", figures.restToReachMillis.values.max(), nil, "", "ms"),
    ]
  }
}
