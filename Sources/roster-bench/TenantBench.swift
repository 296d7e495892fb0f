import Foundation

/// The tenant-wide lists measured (issue 43): a sandbox of 200,000 people at 80 ms, each list's
/// first screen (the time from exec until a screenful of lines has been printed, or the command
/// ended with fewer), then `roster signins --failed --follow`: how soon a failure added to the
/// sandbox's log is printed (the target: within one poll interval), and whether ten minutes of
/// following draw a single 429.
enum TenantBench {
  struct ListFigure {
    var name: String
    var firstScreenMillis: Double
    var wholeMillis: Double
    var lines: Int
    var status: Int32
  }

  struct Figures {
    var people: Int
    var lists: [ListFigure]
    /// Seconds between a failure's creation in the sandbox and its line on stdout, one per failure added.
    var followDelays: Sample
    var followInterval: Int
    var followSeconds: Int
    var followRequests: Int
    var followThrottled: Int
  }

  /// An operator's sign-in: every permission the lists read with.
  static let scopes =
    "openid profile offline_access User.Read User.Read.All Group.Read.All AuditLog.Read.All Directory.Read.All "
    + "RoleManagement.Read.Directory RoleEligibilitySchedule.Read.Directory"

  /// Lines of a 24-row terminal that a list fills before the prompt returns.
  static let screenLines = 22

  static let lists: [(name: String, arguments: [String])] = [
    ("roles", ["roles"]),
    ("signins --failed --since 1h", ["signins", "--failed", "--since", "1h"]),
    ("mfa --missing", ["mfa", "--missing"]),
    ("guests --inactive 90d", ["guests", "--inactive", "90d"]),
    ("deleted", ["deleted"]),
  ]

  static func measure(roster: String, people: Int, latencyMs: Int, home: URL, followSeconds: Int) throws -> Figures {
    log("tenant: starting a sandbox of \(people) people at \(latencyMs) ms")
    let sandbox = try SandboxProcess(roster: roster, size: people, latencyMs: latencyMs)
    defer { sandbox.stop() }
    let tenant = Tenant(sandbox: sandbox)
    let subject = try RosterHarness.subject(binary: roster, sandbox: sandbox, scopes: scopes, home: home)
    try RosterHarness.signIn(subject, tenant: tenant)

    var figures: [ListFigure] = []
    for list in lists {
      let run = try StreamedRun(subject, list.arguments, screenLines: screenLines)
      log(
        String(
          format: "tenant: roster %@: first screen %.0f ms, whole %.0f ms, %d lines, exit %d", list.name,
          run.firstScreenMillis, run.wholeMillis, run.lines, run.status))
      figures.append(
        ListFigure(
          name: list.name, firstScreenMillis: run.firstScreenMillis, wholeMillis: run.wholeMillis, lines: run.lines,
          status: run.status))
    }

    let interval = 30
    log("tenant: roster signins --failed --follow --every \(interval)s for \(followSeconds) s")
    let token = try tenant.harnessToken(scopes: "openid profile offline_access User.ReadBasic.All")
    let user = try tenant.sampleUserIds(token: token, count: 1).first ?? ""
    try tenant.clearStats()
    let follow = try FollowedRun(subject, ["signins", "--failed", "--follow", "--every", "\(interval)s"])
    defer { follow.stop() }
    var delays: [Double] = []
    let started = Date()
    var added = 0
    // A failure every interval and a half, so each lands at a different point of the poll cycle.
    while Date().timeIntervalSince(started) < Double(followSeconds) {
      added += 1
      let app = "roster-bench-follow-\(added)"
      let created = Date()
      try tenant.addSignIn(user: user, app: app)
      if follow.waitFor(app, timeout: Double(interval) * 3) {
        delays.append(Date().timeIntervalSince(created))
      } else {
        log("tenant: failure \(added) not printed within \(interval * 3) s")
      }
      let next = created.addingTimeInterval(Double(interval) * 1.5)
      while Date() < next, Date().timeIntervalSince(started) < Double(followSeconds) { usleep(200_000) }
    }
    let stats = try tenant.stats()
    let result = Figures(
      people: people, lists: figures, followDelays: Sample(delays), followInterval: interval,
      followSeconds: followSeconds, followRequests: stats.graphRequests, followThrottled: stats.throttled)
    log(
      String(
        format: "tenant: follow printed %d of %d failures, slowest %.1f s after creation (interval %d s); "
          + "%d requests, %d × 429 in %d s", delays.count, added, result.followDelays.values.last ?? -1, interval,
        stats.graphRequests, stats.throttled, followSeconds))
    return result
  }
}

extension Tenant {
  /// Adds a failed sign-in (50126, wrong password) for `user` to the sandbox's log, now.
  func addSignIn(user: String, app: String) throws {
    let body = try JSONSerialization.data(withJSONObject: ["user": user, "errorCode": 50126, "app": app])
    let reply = try HTTP.send(
      "POST", base.appendingPathComponent("_sandbox/signins"), headers: ["Content-Type": "application/json"],
      body: body)
    guard reply.status == 201 else { throw BenchError("POST /_sandbox/signins answered \(reply.status)") }
  }
}

/// A command run to its end with its output read as it comes: when the `screenLines`th line
/// arrived (or the end, for fewer) and when it ended.
struct StreamedRun {
  var firstScreenMillis: Double
  var wholeMillis: Double
  var lines: Int
  var status: Int32

  init(_ subject: Subject, _ arguments: [String], screenLines: Int) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: subject.executable)
    process.arguments = arguments
    process.environment = subject.environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    let started = monotonicNanos()
    try process.run()
    ChildProcesses.started(process.processIdentifier)
    defer { ChildProcesses.ended(process.processIdentifier) }
    var lines = 0
    var screen: UInt64?
    while true {
      let data = out.fileHandleForReading.availableData
      if data.isEmpty { break }
      lines += data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      if screen == nil, lines >= screenLines { screen = monotonicNanos() }
    }
    process.waitUntilExit()
    let ended = monotonicNanos()
    self.firstScreenMillis = millis((screen ?? ended) - started)
    self.wholeMillis = millis(ended - started)
    self.lines = lines
    self.status = process.terminationStatus
  }
}

/// `roster signins --follow` kept running, its output gathered by a reader thread.
final class FollowedRun: @unchecked Sendable {
  private let process = Process()
  private let lock = NSLock()
  private var text = ""

  init(_ subject: Subject, _ arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: subject.executable)
    process.arguments = arguments
    process.environment = subject.environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    ChildProcesses.started(process.processIdentifier)
    let handle = out.fileHandleForReading
    Thread { [weak self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { return }
        guard let self else { return }
        self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
      }
    }.start()
  }

  /// Whether `marker` was printed within `timeout` seconds (checked five times a second).
  func waitFor(_ marker: String, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if lock.withLock({ text.contains(marker) }) { return true }
      usleep(200_000)
    }
    return false
  }

  /// Ctrl-C, as a person ends it; SIGKILL if it has not ended in 5 s.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    ChildProcesses.ended(process.processIdentifier)
  }
}

extension TenantBench {
  /// The README's rows: each list's first screen against its 2 s target, and following's.
  static func rows(_ figures: Figures, latencyMs: Int) -> [FirstSyncBench.Row] {
    let at = "\(figures.people.formatted()) people at \(latencyMs) ms"
    let lists = figures.lists.map { list -> FirstSyncBench.Row in
      (
        metric: "tenant: `roster \(list.name)` first screen (\(list.lines) lines, exit \(list.status)), \(at)",
        roster: list.firstScreenMillis, fzf: nil, target: "≤ 2000", unit: "ms"
      )
    }
    let follow = "tenant: `roster signins --failed --follow --every \(figures.followInterval)s`"
    return lists + [
      (
        metric: "\(follow): a new failure printed after its creation, slowest of \(figures.followDelays.count)",
        roster: figures.followDelays.values.last, fzf: nil, target: "≤ \(figures.followInterval)", unit: "s"
      ),
      (
        metric: "\(follow): 429s in \(figures.followSeconds) s (\(figures.followRequests) requests)",
        roster: Double(figures.followThrottled), fzf: nil, target: "0", unit: ""
      ),
    ]
  }
}
