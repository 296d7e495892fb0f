import Foundation
import TestSupport
import Testing

/// Issue 43 item 1 through the real binary in tmux: the demo signs in with the role permissions,
/// so `h` on a role holder's pane shows a Roles part after the Account lines, and on someone
/// who holds none, "Roles: none".
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct DemoRolesPaneEndToEndTests {
  static func openAccount(_ run: RosterInTmux, typing: String, name: String) throws {
    let tmux = run.tmux
    try tmux.keys("Escape", "C-u")
    try run.settle("the search for \(name)") { try tmux.type(typing) }
    // The address, not the name: the previous pane may name them too.
    try tmux.until("\(name) selected in the list") { screen in
      screen.split(separator: "\n").contains { $0.contains(">") && $0.contains(" \(typing)@") }
    }
    try tmux.keys("Enter")
    try tmux.until("\(name)'s pane") { $0.contains("Name            \(name)") }
    try tmux.keys("h")
  }

  @Test func theDemosPaneShowsTheRolesAPersonHolds() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    // Tall enough that the whole Account section is on screen.
    try run.start(["--demo"], cols: 120, rows: 100)
    try run.tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    let tmux = run.tmux
    // In the demo's grants (RoleGrants.swift) Zeynep Şahin holds Global Administrator directly and
    // is eligible for Authentication Administrator.
    try Self.openAccount(run, typing: "zeynep.sahin", name: "Zeynep Şahin")
    try tmux.until("her roles after the Account lines", timeout: 30) { screen in
      screen.contains("Roles:") && screen.contains("Global Administrator — direct")
        && screen.contains("Authentication Administrator — eligible")
    }
    // Gökhan Çelik holds no role.
    try Self.openAccount(run, typing: "gokhan.celik", name: "Gökhan Çelik")
    try tmux.until("no role", timeout: 30) { $0.contains("Roles: none") }
  }
}
