import Foundation

/// The first sync against Graph's limits (issue 30): for each design (`delta`: walking
/// `/users/delta`, 200 people a page; `fill`: `/users?$top=999` and a catch-up from the link
/// taken first), a sandbox of its own, `roster index sync`, and what the sandbox counted
/// (`GET /_sandbox/stats`): Graph requests, resource units and 429s. Then the floor: the sync
/// cannot beat its longest chain of round trips (people's or groups', which run side by side) nor
/// its resource units at the budget's rate.
enum FirstSyncBench {
  struct Figures {
    var design: String
    var people: Int
    var seconds: Double
    var stats: Tenant.Stats
    var floorSeconds: Double
    /// The same floor with the sandbox's own time on each chained request added to its round
    /// trip (its `serverMillis`: serialising 999 people takes it ~35 ms): what is left of wall ÷
    /// floor is the client's own.
    var floorWithServerSeconds: Double = 0
    var peakRSSKilobytes: Int?
    /// The delta sync after 1 % changed: requests and 429s.
    var deltaStats: Tenant.Stats?
    var deltaSeconds: Double?
    /// Groups kept, when the token reads them.
    var groups: Int?
    /// The groups' own round (run beside the people's): its floor = max(its chain × round trip,
    /// its units ÷ 800/s), and its wall time (from the start to its last request's answer).
    var groupFloorSeconds: Double?
    var groupSeconds: Double?
  }

  /// Graph's budget for a tenant above 500 people: 8,000 resource units a 10-second window.
  static let unitsPerSecond = 800.0

  static func measure(
    roster: String, people: Int, latencyMs: Int, scopes: String, home: URL, designs: [String], generous: Bool,
    withGroups: Bool = false
  ) throws -> [Figures] {
    try designs.map { design in
      let sandbox = try SandboxProcess(
        roster: roster, size: people, latencyMs: latencyMs, extraArguments: generous ? ["--generous"] : [])
      defer { sandbox.stop() }
      let tenant = Tenant(sandbox: sandbox)
      let directory = home.appendingPathComponent("first-sync-\(design)")
      var subject = try RosterHarness.subject(binary: roster, sandbox: sandbox, scopes: scopes, home: directory)
      subject.environment["ROSTER_INDEX"] = "on"
      subject.environment["ROSTER_INDEX_FIRST_SYNC"] = design
      try RosterHarness.signIn(subject, tenant: tenant)

      log("first sync (\(design)) of \(people) people at \(latencyMs) ms\(generous ? ", generous sandbox" : "")")
      try tenant.clearStats()
      try tenant.clearRequestLog()
      let started = monotonicNanos()
      let sync = try IndexHarness.runRoster(subject, ["index", "sync"], sampleRSS: true)
      let seconds = Double(monotonicNanos() - started) / 1e9
      guard sync.status == 0 else { throw BenchError("first sync (\(design)) failed: \(sync.stderr)") }
      let stats = try tenant.stats()
      // Each kind's requests wait for the one before (a chain of next links); the people's and
      // the groups' chains run side by side, so the longer one is the critical path.
      // (A fill's look-ups go inside `$batch`es beside its pages, so they are not on the chain.)
      let requestLog = try tenant.requestLog()
      let peopleChain = requestLog.requests(path: "/v1.0/users/delta") + requestLog.requests(path: "/v1.0/users")
      // A fill reads each group's members by filtered delta, 500 links a page one after another:
      // the largest group's pages ("All Company", up to 20,000 people: `GroupGenerator.largestGroup`)
      // are a chain of their own after its `/groups` page.
      let largestGroupPages = design == "fill" && withGroups ? (min(people, 20_000) + 499) / 500 : 0
      let groupChain =
        requestLog.requests(path: "/v1.0/groups/delta") + requestLog.requests(path: "/v1.0/groups")
        + largestGroupPages
      let chain = Double(max(peopleChain, groupChain)) * Double(latencyMs) / 1000
      let floor = max(chain, Double(stats.resourceUnits) / unitsPerSecond)
      let served = { (paths: [String]) in
        paths.map { requestLog.serverMillis(path: $0).reduce(0, +) }.reduce(0, +) / 1000
      }
      let peopleServed =
        Double(peopleChain) * Double(latencyMs) / 1000
        + served(["/v1.0/users/delta", "/v1.0/users"])
      let groupsServed =
        Double(groupChain) * Double(latencyMs) / 1000
        + served(["/v1.0/groups/delta", "/v1.0/groups"])
      var figures = Figures(
        design: design, people: people, seconds: seconds, stats: stats, floorSeconds: floor,
        floorWithServerSeconds: max(peopleServed, groupsServed, Double(stats.resourceUnits) / unitsPerSecond),
        peakRSSKilobytes: sync.peakRSSKilobytes)
      // "Indexed N people and G groups …": the groups, when there are any.
      let words = sync.stderr.split(whereSeparator: { $0 == " " || $0 == "\n" })
      if let at = words.firstIndex(where: { $0.hasPrefix("groups") }), at > 0 {
        figures.groups = Int(words[at - 1].filter(\.isNumber))
      }
      if stats.groups.requests > 0 {
        figures.groupFloorSeconds = max(
          Double(groupChain) * Double(latencyMs) / 1000, Double(stats.groups.resourceUnits) / unitsPerSecond)
        figures.groupSeconds = stats.groups.lastSeconds
      }

      _ = try HTTP.send(
        "POST", sandbox.baseURL.appendingPathComponent("_sandbox/churn"),
        headers: ["Content-Type": "application/json"], body: Data("{\"count\": \(max(1, people / 100))}".utf8))
      try tenant.clearStats()
      let deltaStarted = monotonicNanos()
      let delta = try IndexHarness.runRoster(subject, ["index", "sync"])
      guard delta.status == 0 else { throw BenchError("delta sync (\(design)) failed: \(delta.stderr)") }
      figures.deltaSeconds = Double(monotonicNanos() - deltaStarted) / 1e9
      figures.deltaStats = try tenant.stats()
      log(summary(figures, latencyMs: latencyMs))
      return figures
    }
  }

  static func summary(_ figures: Figures, latencyMs: Int) -> String {
    let stats = figures.stats
    var text = String(
      format: "first sync (%@): %.1f s, %d Graph requests, %d resource units, %d × 429, floor %.1f s (%.2f×)",
      figures.design, figures.seconds, stats.graphRequests, stats.resourceUnits, stats.throttled,
      figures.floorSeconds, figures.floorSeconds > 0 ? figures.seconds / figures.floorSeconds : 0)
    if let wall = figures.groupSeconds, let floor = figures.groupFloorSeconds {
      text += String(
        format: "; groups: %.1f s, %d requests, %d resource units, %d × 429, floor %.1f s (%.2f×)", wall,
        stats.groups.requests, stats.groups.resourceUnits, stats.groups.throttled, floor,
        floor > 0 ? wall / floor : 0)
    }
    return text
  }

  typealias Row = (metric: String, roster: Double?, fzf: Double?, target: String, unit: String)

  static func rows(_ all: [Figures], latencyMs: Int) -> [Row] {
    all.flatMap { figures -> [Row] in
      let groups = figures.groups.map { " + \($0.formatted()) groups" } ?? ""
      let name = "first sync (\(figures.design)), \(figures.people.formatted()) people\(groups) at \(latencyMs) ms"
      let ratio = figures.floorSeconds > 0 ? figures.seconds / figures.floorSeconds : nil
      return [
        (metric: "\(name): wall time", roster: figures.seconds, fzf: nil, target: "", unit: "s"),
        (
          metric: "\(name): floor = max(longest chain × round trip, units ÷ 800/s)", roster: figures.floorSeconds,
          fzf: nil, target: "", unit: "s"
        ),
        (metric: "\(name): wall ÷ floor", roster: ratio, fzf: nil, target: "≤ 1.5", unit: "×"),
        (
          metric: "\(name): wall ÷ floor with the sandbox's own time on the chain",
          roster: figures.floorWithServerSeconds > 0 ? figures.seconds / figures.floorWithServerSeconds : nil,
          fzf: nil, target: "", unit: "×"
        ),
        (
          metric: "\(name): Graph requests", roster: Double(figures.stats.graphRequests), fzf: nil, target: "",
          unit: ""
        ),
        (
          metric: "\(name): resource units", roster: Double(figures.stats.resourceUnits), fzf: nil, target: "",
          unit: ""
        ),
        (
          metric: "\(name): 429s", roster: Double(figures.stats.throttled), fzf: nil, target: "0", unit: ""
        ),
        (
          metric: "\(name): peak RSS", roster: figures.peakRSSKilobytes.map { Double($0) / 1024 }, fzf: nil,
          target: "≤ 80 MB", unit: "MB"
        ),
      ] + groupRows(figures, name: name) + [
        (
          metric: "\(name): delta after 1 % changed, requests / 429s",
          roster: figures.deltaStats.map { Double($0.graphRequests) },
          fzf: figures.deltaStats.map { Double($0.throttled) },
          target: "≤ 5 / 0", unit: ""
        )
      ]
    }
  }

  /// The groups' own figures, when the sync kept groups: wall, floor, requests, units, 429s.
  static func groupRows(_ figures: Figures, name: String) -> [Row] {
    guard let wall = figures.groupSeconds, let floor = figures.groupFloorSeconds else { return [] }
    let groups = figures.stats.groups
    return [
      (metric: "\(name): groups' wall time", roster: wall, fzf: nil, target: "", unit: "s"),
      (metric: "\(name): groups' floor", roster: floor, fzf: nil, target: "", unit: "s"),
      (
        metric: "\(name): groups' wall ÷ floor", roster: floor > 0 ? wall / floor : nil, fzf: nil, target: "≤ 1.5",
        unit: "×"
      ),
      (metric: "\(name): groups' requests", roster: Double(groups.requests), fzf: nil, target: "", unit: ""),
      (metric: "\(name): groups' resource units", roster: Double(groups.resourceUnits), fzf: nil, target: "", unit: ""),
      (metric: "\(name): groups' 429s", roster: Double(groups.throttled), fzf: nil, target: "0", unit: ""),
    ]
  }
}
