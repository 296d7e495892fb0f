import Foundation
import TestSupport
import Testing

/// Issue 20's walk through the real binary in tmux, against `roster sandbox` run as its own
/// process with a people file of nested groups: type part of the team's name, see it marked as a
/// group among the people, open it, walk to the nested group and to a member, see how they are
/// in the team, open "Member of", and walk back — online at 120×40, then with the sandbox stopped
/// at 80×24, answered from the index.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct GroupsEndToEndTests {
  static var organisation: [String: Any] {
    func user(_ id: String, _ name: String, _ upn: String, _ title: String) -> [String: Any] {
      ["id": id, "displayName": name, "userPrincipalName": upn, "mail": upn, "jobTitle": title]
    }
    return [
      "users": [
        user("aoife", "Aoife O'Connor", "aoife@contoso.com", "Head of Platform"),
        user("plato", "Plato Quinn", "plato@contoso.com", "Engineer"),
        user("mei", "Mei Tanaka", "mei@contoso.com", "SRE Lead"),
        user("ivan", "Ivan Petrov", "ivan@contoso.com", "Site Reliability Engineer"),
      ],
      "groups": [
        [
          "displayName": "Platform Team", "mailNickname": "platform", "mail": "platform@contoso.com",
          "description": "Builds and runs the platform", "groupTypes": [], "mailEnabled": true,
          "securityEnabled": true, "members": ["aoife@contoso.com", "sre-oncall"], "owners": ["aoife@contoso.com"],
        ],
        [
          "displayName": "SRE On-Call", "mailNickname": "sre-oncall", "groupTypes": [], "mailEnabled": false,
          "securityEnabled": true, "members": ["mei@contoso.com", "escalation"],
        ],
        [
          "displayName": "Escalation Chain", "mailNickname": "escalation", "groupTypes": [], "mailEnabled": false,
          "securityEnabled": true, "members": ["ivan@contoso.com"],
        ],
      ],
    ]
  }

  @Test func findATeamWalkItsNestingAndBackOnlineThenOffline() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let file = run.work.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: Self.organisation).write(to: file)
    let sandbox = try SandboxProcess(
      binary: binary, arguments: ["--people", file.path],
      scopes: "openid profile offline_access User.Read User.Read.All GroupMember.Read.All")
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    let tmux = run.tmux

    try run.start([], environment: sandbox.environment, cols: 120, rows: 40)
    try tmux.until("the search screen") { $0.contains("Search:") }
    try tmux.until("the index synced with its groups", timeout: 45) { $0.contains("index, synced") }
    try walk(tmux, offline: false)
    try tmux.keys("Escape", "C-u", "q")
    #expect(try run.waitForExit().status == 0)

    // The sandbox stops; a new roster answers the same walk from the index.
    sandbox.stop()
    let offline = try RosterInTmux(sharing: run)
    defer { offline.tmux.kill() }
    try offline.start([], environment: sandbox.environment, cols: 80, rows: 24)
    try offline.tmux.until("the search screen") { $0.contains("Search:") }
    try walk(offline.tmux, offline: true)
    try offline.tmux.keys("Escape", "C-u", "q")
    #expect(try offline.waitForExit().status == 0)
  }

  /// The walk, by keys alone.
  private func walk(_ tmux: Tmux, offline: Bool) throws {
    try tmux.type("pla")
    try tmux.until("the team marked as a group among the people") { screen in
      screen.contains("⊞ Platform Team") && screen.contains("group · mail-enabled security")
        && screen.contains("Plato Quinn")
    }
    try tmux.until("the team's pane with its members", timeout: 40) { $0.contains("Members (direct, 2)") }
    if offline {
      try tmux.until("marked as from the index") { $0.contains("index, offline") }
    }
    try tmux.keys("Enter")
    try select(tmux, "⊞ SRE On-Call")
    try tmux.keys("Enter")
    try tmux.until("the nested group, the walk in the breadcrumb", timeout: 40) { screen in
      screen.contains("Platform Team › ⊞ SRE On-Call") && screen.contains("Members (direct, 2)")
    }
    try select(tmux, "⊞ Escalation Chain")
    try tmux.keys("Enter")
    try tmux.until("the innermost group", timeout: 40) { $0.contains("› ⊞ Escalation Chain") }
    try select(tmux, "• Ivan Petrov")
    try tmux.keys("Enter")
    try tmux.until("the member's own pane", timeout: 40) { $0.contains("› Ivan Petrov") && $0.contains("User name") }
    try tmux.keys("m")
    try tmux.until("the groups he is in", timeout: 40) {
      $0.contains("Member of (direct, 1" + (offline ? ", from the index)" : ")"))
    }
    try tmux.keys("t")
    try tmux.until("through nesting too", timeout: 40) { $0.contains("Member of (all, through nested groups, 3") }

    // Back along the walk, each step landing on the row just left.
    try tmux.keys("BSpace")
    try tmux.until("back in the innermost group, on him") { $0.contains("> • Ivan Petrov") }
    try tmux.keys("BSpace")
    try tmux.until("back in the nested group") { $0.contains("> ⊞ Escalation Chain") }
    try tmux.keys("BSpace")
    try tmux.until("back in the team") { $0.contains("> ⊞ SRE On-Call") && !$0.contains("›") }

    // All members, and how Ivan is in the team.
    try tmux.keys("t")
    try tmux.until("every member through nesting", timeout: 40) { $0.contains("Members (all, through nested groups") }
    try select(tmux, "• Ivan Petrov")
    // Wrapped under his row where the pane is narrower than the path (60 columns at 120, issue 40).
    try tmux.until("how he is in the team", timeout: 40) { screen in
      let words = screen.split(separator: "\n").compactMap { $0.components(separatedBy: "│").last }
        .joined(separator: " ").split(separator: " ").joined(separator: " ")
      return words.contains("how: Ivan Petrov ∈ Escalation Chain ∈ SRE On-Call ∈ Platform Team")
    }
  }

  /// Moves the member selection to the row naming `text` (each key given time to be drawn
  /// before the screen is read again).
  private func select(_ tmux: Tmux, _ text: String) throws {
    try tmux.until("the member rows", timeout: 40) { $0.contains("Members (") }
    try tmux.keys("Home")
    for _ in 0..<10 {
      Thread.sleep(forTimeInterval: 0.5)
      if try tmux.capture().contains("> " + text) { return }
      try tmux.keys("Down")
    }
    try tmux.until("\(text) selected") { $0.contains("> " + text) }
  }
}
