import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The org-chart walk and presence through the real binary in tmux, against `roster sandbox`
/// run as its own process (so the test can change presence through its control API) and a
/// `roster login` approved by the sandbox: open the chief executive, walk down three levels and
/// back up by keys alone, and see a presence change made through the control API.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct OrgChartEndToEndTests {
  static var people: [[String: Any]] {
    [
      [
        "id": "ceo", "displayName": "Aoife O'Connor", "userPrincipalName": "aoife@contoso.com",
        "mail": "aoife@contoso.com",
        "jobTitle": "Chief Executive",
      ],
      [
        "id": "head", "displayName": "Rahul Gupta", "userPrincipalName": "rahul@contoso.com",
        "mail": "rahul@contoso.com",
        "jobTitle": "Head of Engineering", "manager": "ceo",
      ],
      [
        "id": "counsel", "displayName": "Siobhán O'Brien", "userPrincipalName": "siobhan@contoso.com",
        "mail": "siobhan@contoso.com", "jobTitle": "General Counsel", "manager": "ceo",
      ],
      [
        "id": "lead", "displayName": "Mei Tanaka", "userPrincipalName": "mei@contoso.com", "mail": "mei@contoso.com",
        "jobTitle": "Team Lead", "manager": "head",
      ],
      [
        "id": "engineer", "displayName": "Sam Okafor", "userPrincipalName": "sam@contoso.com",
        "mail": "sam@contoso.com",
        "jobTitle": "Engineer", "manager": "lead",
      ],
    ]
  }

  /// `roster sandbox` on a free loopback port; its base URL, tenant and client from its first line.
  final class SandboxProcess {
    let process = Process()
    let base: String
    let tenant: String
    let client: String

    init(binary: URL, peopleFile: URL) throws {
      process.executableURL = binary
      process.arguments = ["sandbox", "--port", "0", "--people", peopleFile.path, "--approve-after", "1"]
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      try process.run()
      var line = Data()
      while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
        line += byte
      }
      // "sandbox: URL tenant=TENANT client=CLIENT"
      let words = String(decoding: line, as: UTF8.self).split(separator: " ").map(String.init)
      guard words.count >= 4 else { throw E2EFailure("sandbox start line: \(words)") }
      base = words[1]
      tenant = String(words[2].dropFirst("tenant=".count))
      client = String(words[3].dropFirst("client=".count))
    }

    func stop() {
      process.terminate()
      process.waitUntilExit()
    }

    /// `POST /_sandbox/presence`.
    func pinPresence(user: String, availability: String) throws {
      var request = URLRequest(url: URL(string: base + "/_sandbox/presence")!)
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(#"{"user":"\#(user)","availability":"\#(availability)"}"#.utf8)
      let done = DispatchSemaphore(value: 0)
      let status = LockedStatus()
      URLSession.shared.dataTask(with: request) { _, response, _ in
        status.set((response as? HTTPURLResponse)?.statusCode ?? 0)
        done.signal()
      }.resume()
      done.wait()
      guard status.value == 200 else { throw E2EFailure("pinning presence answered \(status.value)") }
    }
  }

  final class LockedStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var code = 0
    func set(_ value: Int) { lock.withLock { code = value } }
    var value: Int { lock.withLock { code } }
  }

  struct E2EFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  @Test func walkDownThreeLevelsAndBackUpByKeysAndSeePresenceChange() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let peopleFile = run.work.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: Self.people).write(to: peopleFile)
    let sandbox = try SandboxProcess(binary: binary, peopleFile: peopleFile)
    defer { sandbox.stop() }
    let environment = [
      "ROSTER_CLIENT_ID": sandbox.client, "ROSTER_AUTHORITY": sandbox.base + "/" + sandbox.tenant,
      "ROSTER_GRAPH_URL": sandbox.base,
      "ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All Presence.Read.All",
    ]
    // Sign in once, as a script would; the TUI then finds the cached session.
    let login = Process()
    login.executableURL = binary
    login.arguments = ["login", "--device-code"]
    login.environment = environment.merging([
      "HOME": run.work.path, "XDG_STATE_HOME": run.work.path + "/state", "XDG_CONFIG_HOME": run.work.path + "/config",
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]) { $1 }
    login.standardOutput = FileHandle.nullDevice
    login.standardError = FileHandle.nullDevice
    try login.run()
    login.waitUntilExit()
    try #require(login.terminationStatus == 0, "roster login exited \(login.terminationStatus)")

    let tmux = run.tmux
    try run.start([], environment: environment, cols: 100, rows: 30)
    try tmux.until("the search screen") { $0.contains("Search:") }
    try tmux.type("aoife")
    try tmux.until("the chief executive") {
      $0.contains(">") && $0.contains("Aoife O'Connor") && $0.contains("1 match")
    }
    // Tab gives the detail pane the keyboard; the selection starts on the first report.
    try tmux.keys("Tab")
    try tmux.until("her reports, one selected") { $0.contains("Direct reports (2)") && $0.contains("> • Rahul Gupta") }

    // Down three levels: Enter on the first report each time.
    try tmux.keys("Enter")
    try tmux.until("Rahul's pane") { $0.contains("Aoife O'Connor › Rahul Gupta") && $0.contains("> • Mei Tanaka") }
    try tmux.keys("Enter")
    try tmux.until("Mei's pane") {
      $0.contains("Aoife O'Connor › Rahul Gupta › Mei Tanaka") && $0.contains("> • Sam Okafor")
    }
    try tmux.keys("Enter")
    try tmux.until("Sam's pane, the reporting line above him") { screen in
      screen.contains("Rahul Gupta › Mei Tanaka › Sam Okafor") && screen.contains("Reporting line (3)")
        && screen.contains("Direct reports  none") && screen.contains("> ")
    }

    // Presence: pinned through the control API, seen in the pane after the next refresh (which
    // opening a person asks for a second later).
    try tmux.until("Sam's presence") { $0.contains("Presence ") && !$0.contains("not shown") }
    try sandbox.pinPresence(user: "sam@contoso.com", availability: "DoNotDisturb")
    try tmux.keys("BSpace")
    try tmux.until("back on Mei, Sam selected") { $0.contains("> • Sam Okafor") && !$0.contains("› Sam Okafor") }
    try tmux.keys("Enter")
    try tmux.until("Sam's new presence", timeout: 10) { $0.contains("⊖ Do not disturb") }

    // Back up by keys alone: Backspace, ←, and the manager row.
    try tmux.keys("BSpace")
    try tmux.until("Mei again") { $0.contains("Aoife O'Connor › Rahul Gupta › Mei Tanaka") && !$0.contains("› Sam") }
    try tmux.keys("Left")
    try tmux.until("Rahul again, Mei selected") {
      $0.contains("Aoife O'Connor › Rahul Gupta") && $0.contains("> • Mei Tanaka")
    }
    try tmux.keys("Up", "Enter")
    try tmux.until("the chief executive opened from her row") { screen in
      screen.contains("Aoife O'Connor › Rahul Gupta › Aoife O'Connor") && screen.contains("Direct reports (2)")
    }
    try tmux.keys("BSpace", "BSpace")
    try tmux.until("back where the walk began") { screen in
      screen.contains("> • Rahul Gupta") && !screen.contains("›")
    }

    try tmux.keys("Escape", "C-u", "q")
    let exit = try run.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.modesRestored)
  }
}
