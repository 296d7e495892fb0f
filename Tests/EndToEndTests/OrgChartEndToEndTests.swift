import Foundation
import TestSupport
import Testing

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

  @Test func walkDownThreeLevelsAndBackUpByKeysAndSeePresenceChange() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let peopleFile = run.work.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: Self.people).write(to: peopleFile)
    let sandbox = try SandboxProcess(
      binary: binary, arguments: ["--people", peopleFile.path],
      scopes: "openid profile offline_access User.Read User.Read.All Presence.Read.All")
    defer { sandbox.stop() }
    let environment = sandbox.environment
    // Sign in once, as a script would; the TUI then finds the cached session.
    try sandbox.signIn(binary, home: run.work.path)

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
    try tmux.until("Sam's new presence", timeout: 30) { $0.contains("⊖ Do not disturb") }

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
