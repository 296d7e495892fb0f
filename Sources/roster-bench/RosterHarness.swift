import Foundation

/// How Roster is started, signed in and driven by the harness.
enum RosterHarness {
  /// Text the main screen draws once its first frame is complete: the search prompt and the key
  /// hints of the list (the login screen has other hints). Kept in one place so a UI wording
  /// change is one edit. Both are drawn whole in the first frame, so they appear contiguously
  /// in the byte stream even though ncurses later repaints only changed cells.
  static let firstFrameMarkers = ["Search:", "Enter to detail"]

  /// The status line's word once a result page is drawn.
  static let resultsMarker = "Results"

  /// The search debounce the measured Roster runs with, written into its settings file here so the
  /// bench decides it (and needs none of Roster's modules to know it): Roster's default.
  static let debounceMs = 150

  static func subject(binary: String, sandbox: SandboxProcess, scopes: String, home: URL) throws -> Subject {
    let fm = FileManager.default
    for sub in ["state", "config", "cache"] {
      try fm.createDirectory(at: home.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    let settingsDirectory = home.appendingPathComponent("config/roster")
    try fm.createDirectory(at: settingsDirectory, withIntermediateDirectories: true)
    let settings = try PropertyListSerialization.data(
      fromPropertyList: ["debounceMs": debounceMs], format: .xml, options: 0)
    try settings.write(to: settingsDirectory.appendingPathComponent("settings.plist"))
    let environment: [String: String] = [
      "HOME": home.path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "TERM": "xterm-256color",
      "LANG": "C.UTF-8",
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
      "ROSTER_AUTHORITY": sandbox.authority,
      "ROSTER_CLIENT_ID": sandbox.clientId,
      "ROSTER_GRAPH_URL": sandbox.baseURL.absoluteString,
      "ROSTER_SCOPES": scopes,
    ]
    return Subject(
      name: "roster", executable: binary, arguments: [], environment: environment,
      firstFrameMarkers: firstFrameMarkers, echoLine: { "Search: \($0)" })
  }

  /// `roster login --device-code`, approved through the sandbox's control API.
  static func signIn(_ subject: Subject, tenant: Tenant) throws {
    let login = Process()
    login.executableURL = URL(fileURLWithPath: subject.executable)
    login.arguments = ["login", "--device-code"]
    login.environment = subject.environment
    login.standardOutput = FileHandle.nullDevice
    login.standardError = FileHandle.nullDevice
    try login.run()
    let deadline = Date().addingTimeInterval(30)
    while (try? tenant.approve()) == nil {
      guard Date() < deadline, login.isRunning else { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    login.waitUntilExit()
    guard login.terminationStatus == 0 else { throw BenchError("roster login exited \(login.terminationStatus)") }
  }

  static func typing(_ subject: Subject, word: String, tenant: Tenant, token: String) throws -> TypingFigures {
    let (session, _, frame) = try subject.launchAndWaitForFirstFrame()
    defer { session.terminate() }
    guard frame != nil else {
      throw BenchError("roster never drew its main screen: \(session.text(from: 0).suffix(400))")
    }
    session.waitForQuiet(0.3, timeout: 5)
    return Scenarios.typing(session, word: word, intervalMs: 60, echoLine: subject.echoLine) { session, _ in
      // The final results are drawn when the first match Roster asked for is on the screen.
      guard let marker = try? firstResultMarker(tenant: tenant, token: token) else { return nil }
      return session.waitForScreen(timeout: 10) { $0.contains(marker) }
    }
  }

  /// A word of the first result's name, from the query Roster sent (read back from the request log).
  private static func firstResultMarker(tenant: Tenant, token: String) throws -> String {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let request = try tenant.userSearches().last, let query = request["query"] as? [String: String] {
        let names = try firstNames(tenant: tenant, query: query, token: token)
        guard let name = names.first, let word = name.split(separator: " ").first else {
          throw BenchError("the typed word matched nobody")
        }
        // The list truncates long names at the end, so the first word is what is surely drawn.
        return String(word.prefix(12))
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    throw BenchError("roster sent no search")
  }

  private static func firstNames(tenant: Tenant, query: [String: String], token: String) throws -> [String] {
    var components = URLComponents(
      url: tenant.base.appendingPathComponent("v1.0/users"), resolvingAgainstBaseURL: false)!
    components.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }
    components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    let reply = try HTTP.send(
      "GET", components.url!, headers: ["Authorization": "Bearer \(token)", "ConsistencyLevel": "eventual"])
    let value = (HTTP.json(reply) as? [String: Any])?["value"] as? [[String: Any]] ?? []
    return value.compactMap { $0["displayName"] as? String }
  }

  /// Response bytes of Roster's own search against the same search without `$select` and `$top`.
  static func queryCost(tenant: Tenant, token: String) throws -> (roster: Int, unshaped: Int)? {
    guard let request = try tenant.userSearches().last, let query = request["query"] as? [String: String] else {
      return nil
    }
    let shaped = try tenant.responseBytes(query: query, token: token)
    var unshaped = query
    unshaped["$select"] = nil
    unshaped["$top"] = nil
    return (shaped, try tenant.responseBytes(query: unshaped, token: token))
  }

  static func navigation(_ subject: Subject, keys: Int) throws -> NavigationFigures {
    let (session, _, _) = try subject.launchAndWaitForFirstFrame()
    defer { session.terminate() }
    _ = session.send("a")
    _ = session.waitForScreen(timeout: 10) { $0.contains(resultsMarker) }
    return Scenarios.navigation(session, count: keys, intervalMs: 20, repaintKey: subject.repaintKey)
  }

  /// Pages through results with End until 5,000 have been loaded, over as many one-letter
  /// queries as it takes (no single letter matches 5,000 of 10,000 people); then the peak RSS.
  static func memory(_ subject: Subject, queries: [String]) throws -> (Int?, Int) {
    let (session, _, _) = try subject.launchAndWaitForFirstFrame()
    defer { session.terminate() }
    var total = 0
    for query in queries where total < 5000 {
      session.send(Keys.ctrlU)
      _ = session.send(query)
      _ = session.waitForScreen(timeout: 10) { $0.contains(resultsMarker) && $0.contains("Search: \(query) ") }
      var loaded = 0
      var lastProgress = Date()
      while total + loaded < 5000, Date().timeIntervalSince(lastProgress) < 3 {
        session.send(Keys.end)
        Thread.sleep(forTimeInterval: 0.15)
        if let now = loadedCount(in: session.screenLines().joined(separator: "\n")), now > loaded {
          loaded = now
          lastProgress = Date()
        }
      }
      total += loaded
    }
    return (session.peakRSSKilobytes(), total)
  }

  /// The `N` of the last count the status line drew: "N of M", "N matches", "N+ matches", "1 match".
  static func loadedCount(in text: String) -> Int? {
    let pattern = try! NSRegularExpression(pattern: "([0-9][0-9,]*)(?: of [0-9][0-9,]*|\\+? match(?:es)?\\b)")
    let range = NSRange(text.startIndex..., in: text)
    guard let match = pattern.matches(in: text, range: range).last,
      let number = Range(match.range(at: 1), in: text)
    else { return nil }
    return Int(text[number].replacingOccurrences(of: ",", with: ""))
  }
}
