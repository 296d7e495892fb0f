import Foundation
import Index
import RosterCore
import SandboxDirectory

/// The local index (issue 12) measured: typing with a warm index at the main run's size beside
/// fzf, then a large sandbox of its own for the first full sync, a delta sync after 1% changed,
/// the file size, the sync's peak RSS and the local query percentiles.
enum IndexHarness {
  struct Figures {
    /// Last key → final results drawn, warm index.
    var lastKeyToResultsMillis: Double?
    var echoMillis: Sample?
    /// Graph `/users` searches sent while typing the word (the index answers): 0.
    var graphSearchesWhileTyping: Int?
    var large: LargeFigures?
  }

  struct LargeFigures {
    var people: Int
    var firstSyncSeconds: Double
    var firstSyncRequests: Int
    var deltaRequests: Int
    var deltaChanges: Int
    var fileBytes: Int64
    var syncPeakRSSKilobytes: Int?
    var shortPrefixMillis: Sample
    var multiWordMillis: Sample
    /// p99 by prefix length (1, 2, 3 letters).
    var prefixP99: [Int: Double] = [:]
    /// Exact answer plus close matches, as the list asks for them, for misspelt names.
    var closeMillis: Sample?
    /// Misspelt names whose person was in the first five rows, of `closeTried`.
    var closeFound = 0
    var closeTried = 0
    /// Issue 32: the colleague typed is the first row (`YourPeopleFigures`).
    var yourPeople: YourPeopleFigures.Figures?
    /// Close matches listed above an exact one (must be 0).
    var closeAboveExact = 0
    /// Peak RSS of the full-screen UI over this index, paging through results.
    var uiPeakRSSKilobytes: Int?
    /// Start with a cached token over this index, to the settled first screen: what attaching a
    /// large index adds before the first frame (the warm start above is over 10,000 people).
    var warmStartup: StartupFigures?
    /// The delta sync after 1 % changed, start to end.
    var deltaSeconds: Double?
    /// What one `/users/delta` page of the first sync cost the sandbox (no added latency).
    var sandboxPageMillis: Sample?
    /// Peak RSS of the sandbox process serving these people (after sync, delta and search).
    var sandboxPeakRSSKilobytes: Int?
    /// One `$search` of the sandbox over everyone, without the added latency (a lazy scan at a
    /// million people).
    var sandboxSearchMillis: Double?
    /// Typing the bench's word through the full-screen UI over this index (warm), and fzf typing
    /// it over the same people's display names: last key → final results, medians.
    var typedWord: String?
    var lastKeyToResultsMillis: Double?
    var fzfLastKeyToResultsMillis: Double?
    var fzfNames: Int?
  }

  /// Typing `word` into Roster `runs` times with the index on and complete (synced first with
  /// `roster index sync`); Graph searches are counted over every run.
  static func typing(_ base: Subject, word: String, tenant: Tenant, runs: Int) throws -> Figures {
    var subject = base
    subject.environment["ROSTER_INDEX"] = "on"
    let sync = try runRoster(subject, ["index", "sync"])
    guard sync.status == 0 else { throw BenchError("roster index sync failed: \(sync.stderr)") }
    let first = try runRoster(subject, ["search", "--offline", word, "--csv", "--top", "1"])
    let rows = first.stdout.split(separator: "\r\n")
    guard rows.count > 1, let name = rows[1].split(separator: ",").dropFirst().first,
      let marker = name.split(separator: " ").first.map({ String($0.prefix(12)) })
    else { throw BenchError("the typed word matched nobody in the index") }

    try tenant.clearRequestLog()
    var figures: [TypingFigures] = []
    for _ in 0..<runs {
      figures.append(try typingOnce(subject, word: word, marker: marker))
    }
    let merged = TypingFigures(merging: figures)
    return Figures(
      lastKeyToResultsMillis: merged.lastKeyToResultsMillis, echoMillis: merged.echoMillis,
      graphSearchesWhileTyping: try tenant.userSearches().count)
  }

  /// Starts with the cached token and the index `typing` synced: the first frame and the screen
  /// that stays (the list with "index, synced …" on its status line).
  static func startup(_ base: Subject, runs: Int) throws -> StartupFigures {
    var subject = base
    subject.environment["ROSTER_INDEX"] = "on"
    return try Scenarios.settledStartup(subject, runs: runs)
  }

  /// One run: start Roster, wait for its index round, type, wait for `marker` under the final query.
  private static func typingOnce(_ subject: Subject, word: String, marker: String) throws -> TypingFigures {
    let (session, _, frame) = try subject.launchAndWaitForFirstFrame()
    defer { session.terminate() }
    guard frame != nil else {
      throw BenchError("roster never drew its main screen: \(session.screenLines().joined(separator: "\n"))")
    }
    // The index is attached and its sync round done when the status line says so.
    _ = session.waitForScreen(timeout: 20) { $0.lines.joined().contains("index, synced") }
    session.waitForQuiet(0.3, timeout: 5)
    let finalLine = subject.echoLine(word)
    let typing = Scenarios.typing(session, word: word, intervalMs: 60, echoLine: subject.echoLine) { session, _ in
      // The final query echoed with its results: one frame when the index answers.
      session.waitForScreen(timeout: 10) { screen in
        let text = screen.lines.joined(separator: "\n")
        return text.contains(finalLine) && text.contains(marker)
      }
    }
    session.waitForQuiet(0.3, timeout: 5)
    return typing
  }

  /// A sandbox of `people` at `latencyMs`: first full sync, 1% churn then a delta sync, file
  /// size, peak RSS of the syncing process, and local query times on the synced file.
  static func large(
    roster: String, people: Int, latencyMs: Int, scopes: String, home: URL, word: String = "alexandra",
    typingRuns: Int = 3
  ) throws -> LargeFigures {
    log("starting a \(people)-person sandbox for the index figures")
    let sandbox = try SandboxProcess(roster: roster, size: people, latencyMs: latencyMs)
    defer { sandbox.stop() }
    let tenant = Tenant(sandbox: sandbox)
    var subject = try RosterHarness.subject(binary: roster, sandbox: sandbox, scopes: scopes, home: home)
    subject.environment["ROSTER_INDEX"] = "on"
    try RosterHarness.signIn(subject, tenant: tenant)

    log("index: first full sync of \(people) people")
    try tenant.clearRequestLog()
    let started = monotonicNanos()
    var logged = subject
    logged.environment["ROSTER_LOG"] = "info"
    let sync = try runRoster(logged, ["index", "sync"], sampleRSS: true)
    let seconds = Double(monotonicNanos() - started) / 1e9
    guard sync.status == 0 else { throw BenchError("first sync failed: \(sync.stderr)") }
    logSyncTimings(home: home)
    let firstRequests = try tenant.requests(path: "/v1.0/users/delta")

    log("index: 1% of people changed, then a delta sync")
    _ = try HTTP.send(
      "POST", sandbox.baseURL.appendingPathComponent("_sandbox/churn"), headers: ["Content-Type": "application/json"],
      body: Data("{\"count\": \(people / 100)}".utf8))
    let pageMillis = try tenant.serverMillis(path: "/v1.0/users/delta")
    try tenant.clearRequestLog()
    let deltaStarted = monotonicNanos()
    let delta = try runRoster(subject, ["index", "sync"])
    let deltaSeconds = Double(monotonicNanos() - deltaStarted) / 1e9
    guard delta.status == 0 else { throw BenchError("delta sync failed: \(delta.stderr)") }
    let deltaRequests = try tenant.requests(path: "/v1.0/users/delta")
    // "roster: Applied N changes; …" (progress lines before it carry other numbers).
    let applied = delta.stderr.split(separator: "\n").last { $0.contains("Applied ") } ?? ""
    let words = applied.split(separator: " ")
    let changes = words.firstIndex(of: "Applied").flatMap { Int(words[($0 + 1)...].first ?? "") } ?? 0

    let cache = home.appendingPathComponent("cache/roster")
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    guard let file = files.first(where: { $0.hasSuffix(".sqlite") })
    else { throw BenchError("no index file in \(cache.path)") }
    let index = try DirectoryIndex.open(IndexLocation(file: cache.appendingPathComponent(file)))
    let status = try index.status()
    log("index: local query times")
    let (short, multi, byLength) = try queryTimes(index)
    var figures = LargeFigures(
      people: status.people, firstSyncSeconds: seconds, firstSyncRequests: firstRequests, deltaRequests: deltaRequests,
      deltaChanges: changes, fileBytes: status.sizeBytes, syncPeakRSSKilobytes: sync.peakRSSKilobytes,
      shortPrefixMillis: short, multiWordMillis: multi, prefixP99: byLength)
    figures.deltaSeconds = deltaSeconds
    figures.sandboxPageMillis = pageMillis.isEmpty ? nil : Sample(pageMillis)
    figures.sandboxSearchMillis = try sandboxSearchMillis(tenant, scopes: scopes)
    log("index: close matches for 50 misspelt names")
    try closeMatches(index, into: &figures)
    log("index: your people first, for 20 signed-in people's 25 nearest")
    figures.yourPeople = try YourPeopleFigures.measure(
      index, directory: Directory.generated(seed: 1, size: people))
    log("index: typing \"\(word)\" through the UI over this index, then fzf on the same names")
    figures.typedWord = word
    figures.lastKeyToResultsMillis = try typing(subject, word: word, tenant: tenant, runs: typingRuns)
      .lastKeyToResultsMillis
    if let fzf = FzfHarness.locate() {
      let names = try tenant.allDisplayNames(token: try tenant.harnessToken(scopes: scopes), listedOnly: true)
      let directory = home.appendingPathComponent("fzf-large")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let fzfSubject = try FzfHarness.subject(fzf: fzf, names: names, directory: directory)
      figures.fzfNames = names.count
      figures.fzfLastKeyToResultsMillis =
        try FzfHarness.measure(fzfSubject, word: word, typingRuns: typingRuns, navigationKeys: 10, startupRuns: 1)
        .typing.lastKeyToResultsMillis
    }
    log("index: startup with a cached token over this index")
    figures.warmStartup = try Scenarios.settledStartup(subject, runs: 5)
    log("index: the full-screen UI's peak RSS over this index")
    (figures.uiPeakRSSKilobytes, _) = try RosterHarness.memory(
      subject, queries: ["a", "e", "s", "ma", "jo", "mar", "an ma"])
    figures.sandboxPeakRSSKilobytes = vmHWM(sandbox.process.processIdentifier)
    return figures
  }

  /// One `$search` for a common name prefix, as Roster sends it, timed by the sandbox itself.
  static func sandboxSearchMillis(_ tenant: Tenant, scopes: String) throws -> Double? {
    let token = try tenant.harnessToken(scopes: scopes)
    try tenant.clearRequestLog()
    let url = URL(
      string: tenant.base.absoluteString
        + "/v1.0/users?$search=%22displayName:mar%22&$top=50&$count=true&$select=id,displayName")!
    let reply = try HTTP.send(
      "GET", url, headers: ["Authorization": "Bearer \(token)", "ConsistencyLevel": "eventual"])
    guard reply.status == 200 else { throw BenchError("sandbox search failed (\(reply.status))") }
    return try tenant.serverMillis(path: "/v1.0/users").first
  }

  /// 50 names drawn from the index, misspelt (`Misspelling`), each asked as the list asks: the
  /// exact answer (501 rows) and, under a screenful, close matches. Counts whether the person (or
  /// a namesake) is in the first five rows, and times each query.
  static func closeMatches(_ index: DirectoryIndex, into figures: inout LargeFigures) throws {
    var people: [Person] = []
    for letter in ["a", "e", "o", "i"] where people.count < 5000 { people += try index.search(letter, limit: 2000) }
    guard !people.isEmpty else { return }
    var state: UInt64 = 22
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(people.count))
    }
    var cases: [(String, Person)] = []
    var kind = 0
    var attempts = 0
    while cases.count < 50, attempts < 10_000 {
      attempts += 1
      let person = people[next()]
      guard let name = person.displayName?.string, let query = Misspelling.of(name, kind: kind) else { continue }
      cases.append((query, person))
      kind += 1
    }
    _ = try index.closeMatches("warm up", limit: 50, wait: true)
    var samples: [Double] = []
    for _ in 0..<3 {
      for (query, person) in cases {
        let start = monotonicNanos()
        let exact = try index.search(query, limit: 501)
        let close = exact.count < 50 ? try index.closeMatches(query, limit: 50, wait: false)?.people ?? [] : []
        samples.append(millis(monotonicNanos() - start))
        guard samples.count <= cases.count else { continue }
        let rows = exact + close
        if rows.prefix(5).contains(where: { $0.id == person.id || $0.displayName == person.displayName }) {
          figures.closeFound += 1
        }
        let exactIDs = Set(try index.search(query, limit: 100_000).map(\.id))
        figures.closeAboveExact += close.filter { exactIDs.contains($0.id) }.count
      }
    }
    figures.closeTried = cases.count
    figures.closeMillis = Sample(samples)
  }

  /// Every one-letter prefix, and common two- and three-letter ones; multi-word queries made of
  /// such prefixes. Each query as the list asks for it at 80×24 (the first 100, and one more to know
  /// there are more: `PagedSearch.firstIndexPage`; 500 before issue 32), timed in-process.
  static func queryTimes(_ index: DirectoryIndex) throws -> (
    short: Sample, multiWord: Sample, byLength: [Int: Double]
  ) {
    let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
    let pairs = ["an", "ma", "jo", "li", "st", "el", "ka", "mi", "sa", "de", "ch", "ro", "al", "be", "ha", "ni"]
    let triples = ["ann", "mar", "joh", "lin", "ste", "ale", "kat", "mic", "san", "dav", "chr", "rob", "ali", "ben"]
    let multi = [
      "an ma", "jo sm", "li wa", "ma ro", "al be", "st ka", "a b", "mar ann", "joh smi", "el de la",
      "k m n", "sa ch", "ni ha", "ro st", "da mi", "be al",
    ]
    func time(_ queries: [String], rounds: Int) throws -> Sample {
      var samples: [Double] = []
      for _ in 0..<rounds {
        for query in queries {
          let start = monotonicNanos()
          _ = try index.search(query, limit: 101)
          samples.append(millis(monotonicNanos() - start))
        }
      }
      return Sample(samples)
    }
    _ = try time(letters, rounds: 1)  // warm the page cache, as a running UI has it
    let byLength = [
      1: try time(letters, rounds: 5).p99, 2: try time(pairs, rounds: 5).p99, 3: try time(triples, rounds: 5).p99,
    ].compactMapValues { $0 }
    return (try time(letters + pairs + triples, rounds: 5), try time(multi, rounds: 5), byLength)
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    var peakRSSKilobytes: Int?
  }

  /// Runs a `roster` subcommand with the subject's environment; with `sampleRSS`, reads the
  /// child's high-water mark (VmHWM) every 20 ms until it exits.
  /// Where the first sync's time went, as `roster` logged it ("index sync timings": waiting for
  /// pages, writing them, finishing, purging and packing), so a slow sync says which part grew.
  static func logSyncTimings(home: URL) {
    let files =
      FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "roster.log" } ?? []
    for file in files {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") where line.contains("index sync timings") { log(String(line)) }
    }
  }

  static func runRoster(_ subject: Subject, _ arguments: [String], sampleRSS: Bool = false) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: subject.executable)
    process.arguments = arguments
    process.environment = subject.environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // A `roster index sync` of a million people runs for minutes: stopped too if the bench is.
    ChildProcesses.started(process.processIdentifier)
    defer { ChildProcesses.ended(process.processIdentifier) }
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    for (pipe, isOut) in [(out, true), (err, false)] {
      group.enter()
      Thread {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        if isOut { outData = data } else { errData = data }
        group.leave()
      }.start()
    }
    var peak: Int?
    while process.isRunning {
      if sampleRSS, let value = vmHWM(process.processIdentifier) { peak = max(peak ?? 0, value) }
      Thread.sleep(forTimeInterval: 0.02)
    }
    process.waitUntilExit()
    group.wait()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self), peakRSSKilobytes: peak)
  }

  static func vmHWM(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "")
    }
    return nil
  }
}

extension Tenant {
  /// The sandbox's own time for each logged request to `path` since the log was cleared.
  func serverMillis(path: String) throws -> [Double] { try requestLog().serverMillis(path: path) }

  /// How many requests for `path` the sandbox logged since the log was cleared.
  func requests(path: String) throws -> Int { try requestLog().requests(path: path) }

  /// The sandbox's request log since it was cleared, read once (it holds up to 10,000 entries:
  /// a figure that asks it several questions reads it once).
  func requestLog() throws -> RequestLog {
    let reply = try HTTP.send("GET", base.appendingPathComponent("_sandbox/requests"))
    return RequestLog(entries: ((HTTP.json(reply) as? [String: Any])?["requests"] as? [[String: Any]]) ?? [])
  }
}

/// The sandbox's logged requests (`GET /_sandbox/requests`), as read at one moment.
struct RequestLog {
  var entries: [[String: Any]]

  func serverMillis(path: String) -> [Double] {
    entries.filter { ($0["path"] as? String) == path }.compactMap { $0["serverMillis"] as? Double }
  }

  func requests(path: String) -> Int { entries.filter { ($0["path"] as? String) == path }.count }
}
