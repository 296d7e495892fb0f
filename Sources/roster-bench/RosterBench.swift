import ArgumentParser
import Foundation

/// `roster-bench`: measures Roster the way a person feels it — through a pseudo-terminal, against
/// `roster sandbox` — with fzf through the same harness as the reference, and prints both.
@main
struct RosterBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roster-bench",
    abstract: "Typing latency, requests per word, bytes per key, startup and memory, beside fzf.")

  @Flag(help: "Fewer repetitions (startup 5 runs, 100 navigation keys).") var quick = false
  @Option(help: "Write the figures as JSON to this file.") var json: String?
  @Option(help: "People in the sandbox directory.") var people = 10_000
  @Option(help: "Latency the sandbox adds to every Graph request (ms).") var latencyMs = 80
  @Option(help: "The word typed in the typing test.") var word = "alexandra"
  @Option(help: "Queries whose results are paged through, in turn, for the memory figure.")
  var memoryQueries = "a,e,s,m,k,l,d,r,t,n"
  @Option(help: "Path of the roster binary (default: next to this program).") var roster: String?
  @Option(help: "Columns of the pseudo-terminal (at 100 or more Roster shows list and detail side by side).")
  var cols = 80
  @Option(help: "Rows of the pseudo-terminal.") var rows = 24
  @Option(
    help: """
      People in the second sandbox the index figures use (sync time, file size, query p99, close matches); \
      0 skips it. Default: 200,000, or --people when that is larger (--people 1000000 measures a million).
      """)
  var indexPeople: Int?
  @Option(
    help:
      ArgumentHelp(
        "Run only these parts, comma-separated: typing, navigation, startup, memory, index, groups, detail, photos, "
          + "reach, fzf, first-sync, apps, tenant (the last three only when named)."))
  var only: String?
  @Option(help: "First-sync designs the first-sync part compares, comma-separated: delta (walk /users/delta), fill.")
  var firstSync = "delta,fill"
  @Flag(help: "Start the sandboxes without Graph's limits (roster sandbox --generous), for comparison.")
  var generous = false
  @Flag(help: "The first-sync part syncs groups and their members too (GroupMember.Read.All).")
  var withGroups = false
  @Option(help: "The apps part: the tenant's own app registrations (each with its enterprise app).")
  var apps = 20_000
  @Option(help: "The apps part: devices in its sandbox.") var devices = 50_000
  @Option(help: "The apps part: people in its sandbox (few, so its figures are the apps' and devices').")
  var appsPeople = 1
  @Option(help: "The tenant part: people in its sandbox (issue 43's 200,000).")
  var tenantPeople = 200_000
  @Option(help: "The tenant part: seconds of `roster signins --failed --follow` (issue 43's ten minutes).")
  var followSeconds = 600
  @Option(help: "Write what each program printed after each navigation key to files in this directory.")
  var trace: String?
  @Option(help: "Only the local query figures, on this index file (already synced); nothing else runs.")
  var indexFile: String?

  /// Whether `part` runs in this invocation.
  private func runs(_ part: String) -> Bool {
    guard let only else { return true }
    return only.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == part }
  }

  /// Whether `part`, which runs only when asked for, is named in `--only`.
  private func named(_ part: String) -> Bool { only != nil && runs(part) }

  func run() throws {
    if let indexFile { return try IndexFileFigures.run(path: indexFile) }
    ChildProcesses.stopChildrenOnEveryExit()
    let rosterPath = try locateRoster()
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("roster-bench-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }

    log("starting roster sandbox (\(people) people, \(latencyMs) ms latency)")
    let sandbox = try SandboxProcess(roster: rosterPath, size: people, latencyMs: latencyMs)
    defer { sandbox.stop() }
    let tenant = Tenant(sandbox: sandbox)
    let scopes = "openid profile offline_access User.Read User.ReadBasic.All User.Read.All"
    let harnessToken = try tenant.harnessToken(scopes: scopes)

    var rosterSubject = try RosterHarness.subject(binary: rosterPath, sandbox: sandbox, scopes: scopes, home: work)
    (rosterSubject.rows, rosterSubject.cols) = (rows, cols)
    // The live Graph path for the figures above the index's own (which turn it on).
    rosterSubject.environment["ROSTER_INDEX"] = "off"
    log("signing roster in through the control API")
    try RosterHarness.signIn(rosterSubject, tenant: tenant)

    var report = Report(people: people, latencyMs: latencyMs, word: word, quick: quick, size: "\(cols)×\(rows)")
    let navigationKeys = quick ? 100 : 200
    let startupRuns = quick ? 5 : 10
    let typingRuns = quick ? 3 : 5
    report.typingRuns = typingRuns

    if runs("typing") {
      log("roster: typing (\(typingRuns) runs)")
      var figures: [TypingFigures] = []
      var searches: [[String: Any]] = []
      for _ in 0..<typingRuns {
        try tenant.clearRequestLog()
        figures.append(try RosterHarness.typing(rosterSubject, word: word, tenant: tenant, token: harnessToken))
        searches = try tenant.userSearches()
        // The most any run sent: one search per typed word is the target, in every run.
        report.requestsForWord = max(report.requestsForWord, searches.count)
      }
      report.roster.typing = TypingFigures(merging: figures)
      for search in searches { log("  search sent: \(search["query"] ?? "")") }
      report.queryCost = try RosterHarness.queryCost(tenant: tenant, token: harnessToken)
    }
    if runs("navigation") {
      log("roster: navigation")
      report.roster.navigation = try RosterHarness.navigation(rosterSubject, keys: navigationKeys)
      try writeTrace(report.roster.navigation, name: "roster")
    }
    if runs("startup") {
      log("roster: startup")
      report.roster.startupMillis = try Scenarios.startup(rosterSubject, runs: startupRuns)
    }
    if runs("memory") {
      log("roster: memory")
      (report.roster.peakRSSKilobytes, report.resultsPaged) = try RosterHarness.memory(
        rosterSubject, queries: memoryQueries.split(separator: ",").map(String.init))
    }

    if runs("detail") {
      log("roster: detail round trips")
      let ids = try tenant.sampleUserIds(token: harnessToken, count: quick ? 5 : 20)
      report.detailRoundTrips = try RosterHarness.detailRoundTrips(rosterSubject, ids: ids, tenant: tenant)
    }

    let indexPeople = self.indexPeople ?? max(200_000, people)
    if runs("index") {
      log("roster: typing with a warm index")
      report.index = try IndexHarness.typing(rosterSubject, word: word, tenant: tenant, runs: typingRuns)
      log("roster: startup with a cached token and a warm index")
      report.roster.warmStartup = try IndexHarness.startup(rosterSubject, runs: startupRuns)
      if indexPeople > 0 {
        let home = work.appendingPathComponent("large")
        report.index?.large = try IndexHarness.large(
          roster: rosterPath, people: indexPeople, latencyMs: latencyMs, scopes: scopes, home: home, word: word,
          typingRuns: typingRuns)
      }
    }

    if named("first-sync") {
      log("roster: first sync by design under Graph's limits")
      report.firstSync = try FirstSyncBench.measure(
        roster: rosterPath, people: indexPeople > 0 ? indexPeople : people, latencyMs: latencyMs,
        scopes: withGroups ? GroupBench.scopes : scopes, home: work.appendingPathComponent("first-sync"),
        designs: firstSync.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }, generous: generous,
        withGroups: withGroups)
    }

    if named("apps") {
      log("roster: first sync of apps and devices, the expiry report from the index and from Graph")
      report.apps = try AppsBench.measure(
        roster: rosterPath, people: appsPeople, apps: apps, devices: devices, latencyMs: latencyMs,
        home: work.appendingPathComponent("apps"), runs: quick ? 5 : 9, onlineRuns: 1)
    }

    if named("tenant") {
      log("roster: the tenant-wide lists' first screens, and signins --follow")
      report.tenant = try TenantBench.measure(
        roster: rosterPath, people: tenantPeople, latencyMs: latencyMs, home: work.appendingPathComponent("tenant"),
        followSeconds: followSeconds)
    }

    if runs("groups") {
      log("roster: first sync with groups, group search beside fzf")
      report.groups = try GroupBench.measure(
        roster: rosterPath, people: indexPeople > 0 ? indexPeople : people, latencyMs: latencyMs,
        home: work.appendingPathComponent("groups"), typingRuns: typingRuns)
    }

    if runs("photos") {
      log("roster: photos on and off, the selection left to rest")
      report.roster.photos = try PhotoScenario.measure(rosterSubject, keys: quick ? 10 : 20, settingsDirectory: work)
    }

    if runs("reach") {
      log("roster: the pane's day (getSchedule) while the selection runs and once it rests")
      report.reach = try ReachScenario.measure(
        roster: rosterPath, sandbox: sandbox, tenant: tenant, home: work.appendingPathComponent("reach"),
        runs: quick ? 3 : 5)
    }

    if !runs("fzf") {
      // Left out on request.
    } else if let fzf = FzfHarness.locate() {
      let names = try tenant.allDisplayNames(token: harnessToken)
      var subject = try FzfHarness.subject(fzf: fzf, names: names, directory: work)
      (subject.rows, subject.cols) = (rows, cols)
      log("fzf: typing, navigation, startup")
      report.fzf = try FzfHarness.measure(
        subject, word: word, typingRuns: typingRuns, navigationKeys: navigationKeys, startupRuns: startupRuns)
      try writeTrace(report.fzf?.navigation, name: "fzf")
    } else {
      report.fzfMissing = true
    }

    print(report.markdown())
    if let json { try report.json().write(to: URL(fileURLWithPath: json)) }
  }

  /// One file per program: each key's output on a line, control bytes shown as `\e`, `\r`, `\xNN`.
  private func writeTrace(_ figures: NavigationFigures?, name: String) throws {
    guard let trace, let figures else { return }
    try FileManager.default.createDirectory(atPath: trace, withIntermediateDirectories: true)
    let lines = figures.outputPerKey.enumerated().map { index, bytes in
      "key \(index + 1) (\(bytes.count) B): "
        + bytes.map { byte -> String in
          switch byte {
          case 0x1B: return "\\e"
          case 0x0D: return "\\r"
          case 0x0A: return "\\n"
          case 0x20..<0x7F, 0x80...: return String(UnicodeScalar(byte))
          default: return String(format: "\\x%02X", byte)
          }
        }.joined()
    }
    try lines.joined(separator: "\n").write(
      toFile: "\(trace)/\(name)-navigation.txt", atomically: true, encoding: .utf8)
  }

  private func locateRoster() throws -> String {
    if let roster { return roster }
    if FileManager.default.fileExists(atPath: "Package.swift") {
      log("building the release roster binary")
      let build = Process()
      build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      build.arguments = ["swift", "build", "-c", "release", "--product", "roster"]
      build.standardOutput = FileHandle.standardError
      try build.run()
      build.waitUntilExit()
      guard build.terminationStatus == 0 else { throw BenchError("swift build -c release --product roster failed") }
    }
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let candidate = here.appendingPathComponent("roster").path
    guard FileManager.default.isExecutableFile(atPath: candidate) else {
      throw BenchError(
        "no roster binary at \(candidate): run `swift build -c release --product roster` first, or pass --roster")
    }
    return candidate
  }
}

func log(_ message: String) {
  FileHandle.standardError.write(Data("roster-bench: \(message)\n".utf8))
}
