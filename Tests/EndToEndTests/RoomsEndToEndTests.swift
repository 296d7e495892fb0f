import Foundation
import TestSupport
import Testing

/// Rooms, the third kind, through the real binary in tmux against `roster sandbox` run as its own
/// process: a room found by a word of its name, marked as a room (glyph and word), its hostile
/// name drawn clean, opened in the pane, listed alone with Ctrl-G — online at 120×40, then with the
/// sandbox stopped at 80×24, answered from the index's rooms.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct RoomsEndToEndTests {
  @Test func findARoomOpenItAndListRoomsAloneOnlineThenOffline() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(
      binary: binary, arguments: [],
      scopes: "openid profile offline_access User.Read User.Read.All GroupMember.Read.All Place.Read.All")
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    let tmux = run.tmux

    try run.start([], environment: sandbox.environment, cols: 120, rows: 40)
    try tmux.until("the search screen") { $0.contains("Search:") }
    try tmux.until("the index synced", timeout: 60) { $0.contains("index, synced") }
    try find(tmux, offline: false)
    try tmux.keys("Escape", "C-u", "q")
    #expect(try run.waitForExit().status == 0)

    sandbox.stop()
    let offline = try RosterInTmux(sharing: run)
    defer { offline.tmux.kill() }
    try offline.start([], environment: sandbox.environment, cols: 80, rows: 24)
    try offline.tmux.until("the search screen") { $0.contains("Search:") }
    try find(offline.tmux, offline: true)
    try offline.tmux.keys("Escape", "C-u", "q")
    #expect(try offline.waitForExit().status == 0)
  }

  /// Type a word of the hostile room's name, open it, then list rooms alone.
  private func find(_ tmux: Tmux, offline: Bool) throws {
    try tmux.type("alerts")
    try tmux.until("the room marked as a room, its name clean", timeout: 40) { screen in
      screen.contains("⌂ Alerts RED Room") && screen.contains("room") && !screen.contains("[31m")
    }
    // The sandbox's hostile group of the same name leads the list (groups come first): one row down.
    try tmux.keys("Down")
    try tmux.until("the room's pane, shown at once", timeout: 20) { screen in
      screen.contains("Building") && screen.contains("Capacity") && screen.contains("Booking")
    }
    if offline {
      try tmux.until("said to come from the index") { $0.contains("local index") }
    }
    try tmux.keys("C-g", "C-g", "C-g")
    try tmux.until("rooms alone") { $0.contains("Rooms only") }
    try stepToEveryKind(tmux, from: "Rooms only")
    try tmux.until("every kind again") { !$0.contains(" only") && $0.contains("⌂ Alerts RED Room") }
  }

  /// Ctrl-G on from one kind listed alone until every kind is listed again: each kind switched on
  /// after it (in `ObjectKind`'s order) is listed alone on the way, however many are registered.
  private func stepToEveryKind(_ tmux: Tmux, from label: String) throws {
    var label = label
    for _ in 0..<8 {
      try tmux.keys("C-g")
      try tmux.until("Ctrl-G moved on from \(label)") { !$0.contains(label) }
      guard let next = try tmux.capture().firstMatch(of: /[A-Z][a-z]+(?: [a-z]+)* only/) else { return }
      label = String(next.output)
    }
  }
}
