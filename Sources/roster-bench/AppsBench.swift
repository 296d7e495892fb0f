import Foundation
import Index
import RosterCore

/// App registrations, enterprise apps and devices measured (issue 42): a sandbox of few people and
/// many of the new kinds (`roster sandbox --apps N --devices N`), the first `roster index sync`
/// under Graph's limits — wall time, its floor, 429s, peak RSS — then `roster apps --expiring 30d`
/// answered from that index (`--offline`, several runs, the median) and, for comparison in the
/// same run, from Graph.
///
/// The floor: the kinds' rounds run one after another once people's and groups' (which run side
/// by side) are done (`IndexSync`), each a chain of next links, so the sync cannot beat the pages
/// of that sequence times the round trip, nor its resource units at the budget's rate. "With the
/// sandbox's own time" adds what the sandbox spent on each page of the chain.
enum AppsBench {
  struct Figures {
    var people: Int
    var apps: Int
    var devices: Int
    /// What the index kept after the sync, by kind (nil: none kept).
    var registrationsKept: Int?
    var enterpriseKept: Int?
    var devicesKept: Int?
    var seconds: Double
    var stats: Tenant.Stats
    /// Pages along the sequential chain, by Graph path, and their sum.
    var chainPages: [String: Int]
    var floorSeconds: Double
    var floorWithServerSeconds: Double
    var peakRSSKilobytes: Int?
    /// `roster apps --expiring 30d --offline`: each run's wall time, and the rows it printed.
    var offlineMillis: Sample
    /// Its user + system CPU (`wait4`'s rusage), each run.
    var offlineCPUMillis: Sample
    var expiringRows: Int
    /// The index's part of it, in this process: both kinds' credentials ending within 30 days
    /// read from their columns (`DirectoryIndex.credentials(_:endingBefore:)`), and how many.
    var indexReadMillis: Sample
    var dueCredentials: Int
    /// `roster apps --expiring 30d` from Graph: each run's wall time, and the most requests one sent.
    var onlineMillis: Sample
    var onlineRequests: Int
    var onlineRows: Int
  }

  /// A sign-in that reads people, apps and devices: the kinds' own permissions.
  static let scopes =
    "openid profile offline_access User.Read User.ReadBasic.All Application.Read.All Directory.Read.All "
    + "Device.Read.All"

  /// The kinds' delta paths, in the order their rounds run after people and groups.
  static let kindPaths = ["/v1.0/devices/delta", "/v1.0/applications/delta", "/v1.0/servicePrincipals/delta"]
  static let peoplePaths = ["/v1.0/users/delta", "/v1.0/users"]
  static let groupPaths = ["/v1.0/groups/delta", "/v1.0/groups"]

  /// Graph's budget for the tenant's size, per second (`ResourceUnitBudget.units(forPeople:)`:
  /// 3,500, 5,000 or 8,000 units a 10-second window).
  static func unitsPerSecond(people: Int) -> Double {
    Double(people < 50 ? 3_500 : people <= 500 ? 5_000 : 8_000) / 10
  }

  static func measure(
    roster: String, people: Int, apps: Int, devices: Int, latencyMs: Int, home: URL, runs: Int, onlineRuns: Int = 1
  ) throws -> Figures {
    log("starting a sandbox of \(people) people, \(apps) apps and \(devices) devices at \(latencyMs) ms")
    let sandbox = try SandboxProcess(
      roster: roster, size: people, latencyMs: latencyMs,
      extraArguments: ["--apps", "\(apps)", "--devices", "\(devices)"])
    defer { sandbox.stop() }
    let tenant = Tenant(sandbox: sandbox)
    var subject = try RosterHarness.subject(binary: roster, sandbox: sandbox, scopes: scopes, home: home)
    subject.environment["ROSTER_INDEX"] = "on"
    try RosterHarness.signIn(subject, tenant: tenant)

    log("apps: first sync of \(apps) apps + their enterprise apps + \(devices) devices")
    try tenant.clearStats()
    try tenant.clearRequestLog()
    var logged = subject
    logged.environment["ROSTER_LOG"] = "info"
    let started = monotonicNanos()
    let sync = try IndexHarness.runRoster(logged, ["index", "sync"], sampleRSS: true)
    let seconds = Double(monotonicNanos() - started) / 1e9
    guard sync.status == 0 else { throw BenchError("first sync of apps and devices failed: \(sync.stderr)") }
    IndexHarness.logSyncTimings(home: home)
    let stats = try tenant.stats()
    let requestLog = try tenant.requestLog()
    let (pages, floor, floorWithServer) = Self.floor(
      requestLog, latencyMs: latencyMs, units: stats.resourceUnits, people: people)
    let kept = try keptCounts(home: home)
    let (indexRead, dueCredentials) = try indexReadTimes(home: home, rounds: runs)

    log("apps: roster apps --expiring 30d --offline, \(runs) runs")
    var offline: [Double] = []
    var offlineCPU: [Double] = []
    var rows = 0
    for _ in 0..<runs {
      let run = try TimedRun.run(
        subject.executable, ["apps", "--expiring", "30d", "--offline"], environment: subject.environment)
      guard [0, 10, 11].contains(run.status) else {
        throw BenchError("roster apps --expiring 30d --offline exited \(run.status): \(run.stderr)")
      }
      offline.append(run.wallMillis)
      offlineCPU.append(run.cpuMillis)
      rows = run.stdout.split(separator: "\n").count
    }
    log("apps: roster apps --expiring 30d from Graph, \(onlineRuns) runs")
    var online: [Double] = []
    var onlineRequests = 0
    var onlineRows = 0
    for _ in 0..<onlineRuns {
      try tenant.clearStats()
      let (millis, run) = try expiring(subject, offline: false)
      online.append(millis)
      onlineRequests = max(onlineRequests, try tenant.stats().graphRequests)
      onlineRows = run.stdout.split(separator: "\n").count
    }
    let figures = Figures(
      people: people, apps: apps, devices: devices, registrationsKept: kept.registrations,
      enterpriseKept: kept.enterprise, devicesKept: kept.devices, seconds: seconds, stats: stats, chainPages: pages,
      floorSeconds: floor, floorWithServerSeconds: floorWithServer, peakRSSKilobytes: sync.peakRSSKilobytes,
      offlineMillis: Sample(offline), offlineCPUMillis: Sample(offlineCPU), expiringRows: rows,
      indexReadMillis: indexRead, dueCredentials: dueCredentials,
      onlineMillis: Sample(online), onlineRequests: onlineRequests,
      onlineRows: onlineRows)
    log(summary(figures, latencyMs: latencyMs))
    return figures
  }

  /// The sequential chain's pages by path; the floor, max(chain × round trip, units ÷ budget);
  /// and the same with the sandbox's own time on each chained page.
  static func floor(_ log: RequestLog, latencyMs: Int, units: Int, people: Int) -> (
    pages: [String: Int], floor: Double, withServer: Double
  ) {
    let roundTrip = Double(latencyMs) / 1000
    func pages(_ paths: [String]) -> Int { paths.map(log.requests(path:)).reduce(0, +) }
    func served(_ paths: [String]) -> Double {
      paths.map { log.serverMillis(path: $0).reduce(0, +) }.reduce(0, +) / 1000
    }
    // People's and groups' chains run side by side: the longer one is on the critical path.
    let (people, groups) = (pages(peoplePaths), pages(groupPaths))
    let first = people >= groups ? peoplePaths : groupPaths
    let chain = max(people, groups) + pages(kindPaths)
    var byPath: [String: Int] = [:]
    for path in first + kindPaths where log.requests(path: path) > 0 { byPath[path] = log.requests(path: path) }
    let budget = Double(units) / unitsPerSecond(people: people)
    return (
      byPath, max(Double(chain) * roundTrip, budget),
      max(Double(chain) * roundTrip + served(first + kindPaths), budget)
    )
  }

  /// `roster apps --expiring 30d [--offline]`, timed from exec to exit. Exit 10 and 11 say
  /// something is due or expired: the report was made.
  static func expiring(_ subject: Subject, offline: Bool) throws -> (Double, IndexHarness.Run) {
    let started = monotonicNanos()
    let run = try IndexHarness.runRoster(subject, ["apps", "--expiring", "30d"] + (offline ? ["--offline"] : []))
    let elapsed = millis(monotonicNanos() - started)
    guard [0, 10, 11].contains(run.status) else {
      throw BenchError("roster apps --expiring 30d\(offline ? " --offline" : "") exited \(run.status): \(run.stderr)")
    }
    return (elapsed, run)
  }

  /// The index file under `home`, opened.
  static func index(home: URL) throws -> DirectoryIndex {
    let cache = home.appendingPathComponent("cache/roster")
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    guard let file = files.first(where: { $0.hasSuffix(".sqlite") }) else {
      throw BenchError("no index file in \(cache.path)")
    }
    return try DirectoryIndex.open(IndexLocation(file: cache.appendingPathComponent(file)))
  }

  /// Both apps' credentials read for what ends within 30 days, as `roster apps --expiring 30d
  /// --offline` reads them (their own columns, `DirectoryIndex.credentials(_:endingBefore:)`),
  /// `rounds` times after a warming one: each round's time, and the credentials.
  static func indexReadTimes(home: URL, rounds: Int) throws -> (Sample, Int) {
    let index = try index(home: home)
    let end = Date().addingTimeInterval(30 * 86_400)
    func read() throws -> Int {
      try index.credentials(RegistrationFlavor.self, endingBefore: end).count
        + index.credentials(EnterpriseFlavor.self, endingBefore: end).count
    }
    let count = try read()
    var samples: [Double] = []
    for _ in 0..<rounds {
      let started = monotonicNanos()
      _ = try read()
      samples.append(millis(monotonicNanos() - started))
    }
    return (Sample(samples), count)
  }

  /// What the index under `home` kept of each new kind.
  static func keptCounts(home: URL) throws -> (registrations: Int?, enterprise: Int?, devices: Int?) {
    let status = try index(home: home).status()
    return (
      status.kinds[ObjectKind.app.rawValue]?.count, status.kinds[ObjectKind.enterpriseApp.rawValue]?.count,
      status.kinds[ObjectKind.device.rawValue]?.count
    )
  }
}
