import Foundation
import TestSupport
import Testing

/// Issue 33 as an operator meets it, through the real binary in tmux against `roster sandbox`
/// (the generated organisation, seed 1) and a `roster login` holding the ops scopes: `h` in the
/// pane shows a pending guest, a disabled account synced from AD, licences by product name; in a
/// tenant without P1 the refused parts say so while the rest still shows.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct HealthEndToEndTests {
  static let ops =
    "openid profile offline_access User.Read User.ReadBasic.All User.Read.All AuditLog.Read.All Directory.Read.All "
    + "LicenseAssignment.Read.All"

  /// Opens `name`'s pane from the search field and presses `h`; waits for the Account section.
  static func openAccount(_ tmux: Tmux, _ name: String) throws {
    try tmux.keys("Escape", "C-u")
    try tmux.type(name)
    try tmux.until("\(name) in the list") { $0.contains(">" + name) || $0.contains("> " + name) }
    try tmux.keys("Enter")
    try tmux.until("\(name)'s pane") { $0.contains("Name ") && $0.contains(name) }
    try tmux.keys("h")
    try tmux.until("\(name)'s Account section", timeout: 30) { $0.contains("Enabled: ") }
  }

  static func withRoster(_ arguments: [String], _ body: (Tmux) throws -> Void) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(binary: binary, arguments: arguments, scopes: Self.ops)
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    try run.start([], environment: sandbox.environment, cols: 120, rows: 40)
    try run.tmux.until("the search screen") { $0.contains("Search:") }
    try body(run.tmux)
  }

  @Test func theAccountSectionShowsGuestsDisabledSyncedAndLicenceNames() throws {
    try Self.withRoster([]) { tmux in
      try Self.openAccount(tmux, "Alessandra Bianchi")
      try tmux.until("a guest who has not accepted, without MFA or licences") { screen in
        screen.contains("invitation not yet accepted") && screen.contains("MFA registered: no")
          && screen.contains("Licences: none") && screen.contains("FAILED 90072")
      }
      try Self.openAccount(tmux, "Andrea Ferrari")
      try tmux.until("a disabled account synced from AD, licences by product name") { screen in
        screen.contains("Enabled: no") && screen.contains("Synced from on-premises AD")
          && screen.contains("Licences: Microsoft 365 E5")
      }
    }
  }

  @Test func withoutP1TheRefusedPartsSayWhatTheyNeedAndTheRestShows() throws {
    try Self.withRoster(["--no-premium"]) { tmux in
      try Self.openAccount(tmux, "Andrea Ferrari")
      try tmux.until("the P1 refusal beside the state and licences") { screen in
        screen.contains("Last sign-in: needs Entra ID P1") && screen.contains("Enabled: no")
          && screen.contains("Licences: Microsoft 365 E5")
      }
    }
  }
}
