import Foundation
import Index

/// Groups measured (issue 20): the first sync of a large sandbox's people plus its groups (one
/// per ten people: 20,000 at 200,000, "All Company" holding 20,000) — time, requests, peak RSS,
/// file size, beside the people-only sync of `IndexHarness.large` — and group search on the
/// warm index beside fzf filtering the same group names.
enum GroupBench {
  struct Figures {
    var people: Int
    var groups: Int
    var firstSyncSeconds: Double
    var peopleRequests: Int
    var groupRequests: Int
    var fileBytes: Int64
    var syncPeakRSSKilobytes: Int?
    /// In-process, warm: one to three letter prefixes of group names, 500 asked, as a list asks.
    var searchMillis: Sample
    var typedWord: String
    /// fzf typing `typedWord` over the same group names: last key → results.
    var fzfLastKeyMillis: Double?
  }

  static let scopes = "openid profile offline_access User.Read User.ReadBasic.All User.Read.All GroupMember.Read.All"

  static func measure(roster: String, people: Int, latencyMs: Int, home: URL, typingRuns: Int) throws -> Figures {
    log("starting a \(people)-person sandbox with groups")
    let sandbox = try SandboxProcess(roster: roster, size: people, latencyMs: latencyMs)
    defer { sandbox.stop() }
    let tenant = Tenant(sandbox: sandbox)
    var subject = try RosterHarness.subject(binary: roster, sandbox: sandbox, scopes: scopes, home: home)
    subject.environment["ROSTER_INDEX"] = "on"
    try RosterHarness.signIn(subject, tenant: tenant)

    log("groups: first full sync of \(people) people and their groups")
    try tenant.clearRequestLog()
    let started = monotonicNanos()
    let sync = try IndexHarness.runRoster(subject, ["index", "sync"], sampleRSS: true)
    let seconds = Double(monotonicNanos() - started) / 1e9
    guard sync.status == 0 else { throw BenchError("sync with groups failed: \(sync.stderr)") }
    let peopleRequests = try tenant.requests(path: "/v1.0/users/delta")
    let groupRequests = try tenant.requests(path: "/v1.0/groups/delta")

    let cache = home.appendingPathComponent("cache/roster")
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    guard let file = files.first(where: { $0.hasSuffix(".sqlite") }) else {
      throw BenchError("no index file in \(cache.path)")
    }
    let index = try DirectoryIndex.open(IndexLocation(file: cache.appendingPathComponent(file)))
    let status = try index.status()
    guard let groups = status.groups, groups > 0 else { throw BenchError("the index kept no groups: \(sync.stderr)") }
    let names = try index.groupNames()

    log("groups: search times on the warm index")
    let searchMillis = try searchTimes(index, names: names)
    let word = "platform"
    var fzfMillis: Double?
    if let fzf = FzfHarness.locate() {
      log("groups: fzf typing \"\(word)\" over \(names.count) group names")
      let directory = home.appendingPathComponent("fzf-groups")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let fzfSubject = try FzfHarness.subject(fzf: fzf, names: names, directory: directory)
      fzfMillis =
        try FzfHarness.measure(fzfSubject, word: word, typingRuns: typingRuns, navigationKeys: 10, startupRuns: 1)
        .typing.lastKeyToResultsMillis
    }
    return Figures(
      people: status.people, groups: groups, firstSyncSeconds: seconds, peopleRequests: peopleRequests,
      groupRequests: groupRequests, fileBytes: status.sizeBytes, syncPeakRSSKilobytes: sync.peakRSSKilobytes,
      searchMillis: searchMillis, typedWord: word, fzfLastKeyMillis: fzfMillis)
  }

  /// Prefixes of the group names' words, one to three letters, and the typed word letter by
  /// letter, each as the list asks for it (first 500), five rounds after a warming one.
  static func searchTimes(_ index: DirectoryIndex, names: [String]) throws -> Sample {
    var queries = Set<String>()
    for name in names.prefix(400) {
      for word in name.split(separator: " ").prefix(2) {
        for length in 1...3 where word.count >= length { queries.insert(String(word.prefix(length))) }
      }
    }
    let word = "platform"
    for length in 1...word.count { queries.insert(String(word.prefix(length))) }
    let list = Array(queries).sorted()
    for query in list { _ = try index.searchGroups(query, limit: 500) }
    var samples: [Double] = []
    for _ in 0..<5 {
      for query in list {
        let start = monotonicNanos()
        _ = try index.searchGroups(query, limit: 500)
        samples.append(millis(monotonicNanos() - start))
      }
    }
    return Sample(samples)
  }

  /// The rows of the report: beside the people-only figures of `IndexHarness.large`.
  static func rows(_ figures: Figures, latencyMs: Int) -> [(
    metric: String, roster: Double?, fzf: Double?, target: String, unit: String
  )] {
    let people = figures.people.formatted()
    let groups = figures.groups.formatted()
    return [
      (
        "groups: first full sync, \(people) people + \(groups) groups at \(latencyMs) ms "
          + "(\(figures.peopleRequests) + \(figures.groupRequests) requests)",
        figures.firstSyncSeconds, nil, "beside people only", "s"
      ),
      ("groups: file size, \(people) people + \(groups) groups", Double(figures.fileBytes) / 1_048_576, nil, "", "MB"),
      (
        "groups: peak RSS of the first sync with groups", figures.syncPeakRSSKilobytes.map { Double($0) / 1024 }, nil,
        "≤ 80 MB", "MB"
      ),
      ("groups: index search p50 (warm, in-process)", figures.searchMillis.median, nil, "", "ms"),
      (
        "groups: index search p99 vs fzf last key → results on the same names (\"\(figures.typedWord)\")",
        figures.searchMillis.p99, figures.fzfLastKeyMillis, "≤ 2× fzf", "ms"
      ),
    ]
  }
}
