import Foundation
import TestSupport
import Testing

/// Issue 31's offline line through the real binary in tmux, against `roster sandbox` as its own
/// process: the pane of someone in another zone is read once with Graph there (their hours go to
/// the index), then, the sandbox stopped, a new run finds Graph unreachable and the same pane
/// shows their zone's local time and the kept hours "as of" their age. The viewer's clock is UTC.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct ReachOfflineEndToEndTests {
  static let scopes = "openid profile offline_access User.Read User.ReadBasic.All User.Read.All Calendars.ReadBasic"

  @Test func offlineThePaneShowsTheKeptZoneAndHoursWithTheirAge() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let people = try ReachEndToEndTests.peopleFile(in: run.work)
    let sandbox = try SandboxProcess(binary: binary, arguments: ["--people", people.path], scopes: Self.scopes)
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    let environment = sandbox.environment.merging(["TZ": "UTC"]) { $1 }
    try run.start([], environment: environment, cols: 100, rows: 30)
    try run.tmux.until("the index synced", timeout: 45) { $0.contains("Search:") && $0.contains("index, synced") }
    try run.tmux.type("priya")
    try run.tmux.until("Priya in the list") { $0.contains("Priya Ahead") && $0.contains("1 match") }
    try run.tmux.until("her local time, hours and today from Graph", timeout: 30) { screen in
      screen.contains("ahead of") && screen.contains("Hours") && screen.contains("Today")
        && !screen.contains("as of")
    }
    try run.tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)

    sandbox.stop()
    let offline = try RosterInTmux(sharing: run)
    defer { offline.tmux.kill() }
    try offline.start([], environment: environment, cols: 100, rows: 30)
    try offline.tmux.until("the index offline", timeout: 60) { $0.contains("index, offline") }
    try offline.tmux.type("priya")
    try offline.tmux.until("her kept zone and hours with their age", timeout: 30) { screen in
      screen.contains("Priya Ahead") && screen.contains("Local time") && screen.contains("ahead of")
        && screen.contains("as of") && !screen.contains("Today ")
    }
    try offline.tmux.keys("C-c")
    #expect(try offline.waitForExit().status == 0)

    // `roster show --offline` prints the same kept lines, and says what needs Graph.
    let priya = try #require(ReachEndToEndTests.id(in: ["India Standard Time"]))
    let command = try RosterInTmux(sharing: run)
    defer { command.tmux.kill() }
    let shown = try NamesBeforeAddressesEndToEndTests.command(
      ["show", "\(priya)@contoso.com", "--offline"], in: command, environment: environment
    ) { $0.contains("From the local index") }
    #expect(shown.contains("Local time: ") && shown.contains("ahead of"), "\(shown)")
    #expect(shown.contains("Working hours: ") && shown.contains(", as of "), "\(shown)")
    #expect(shown.contains("Presence and today's state need Microsoft Graph."), "\(shown)")
  }
}
