import Foundation
import TestSupport
import Testing

/// Devices, the first kind registered as a value, through the real binary in tmux against
/// `roster sandbox` run as its own process: a device found by a word of its hostile name, marked
/// as a device and drawn clean, listed alone with Ctrl-G, opened in its pane with its owner, walked
/// to the owner and back — online at 120×40 (after the index synced the devices), then with the
/// sandbox stopped at 80×24, answered from the index, saying what it does not keep.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct DevicesEndToEndTests {
  @Test func findADeviceOpenItWalkToItsOwnerOnlineThenOffline() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(
      binary: binary, arguments: [],
      scopes: "openid profile offline_access User.Read User.Read.All GroupMember.Read.All Device.Read.All")
    defer { sandbox.stop() }
    try sandbox.signIn(binary, home: run.work.path)
    let tmux = run.tmux

    try run.start([], environment: sandbox.environment, cols: 120, rows: 40)
    try tmux.until("the search screen") { $0.contains("Search:") }
    try tmux.until("the index synced", timeout: 60) { $0.contains("index, synced") }
    try find(tmux)
    try tmux.until("the device's pane with its owner", timeout: 20) { screen in
      screen.contains("Join type") && screen.contains("Owners (1)") && screen.contains("Users (")
    }
    try tmux.keys("Enter")
    try tmux.until("the owner's own pane") { !$0.contains("Owners (1)") && $0.contains("Join type") == false }
    try tmux.keys("BSpace")
    try tmux.until("back on the device") { $0.contains("Owners (1)") }
    try tmux.keys("Escape", "Escape", "C-u", "q")
    #expect(try run.waitForExit().status == 0)

    sandbox.stop()
    let offline = try RosterInTmux(sharing: run)
    defer { offline.tmux.kill() }
    try offline.start([], environment: sandbox.environment, cols: 80, rows: 24)
    try offline.tmux.until("the search screen") { $0.contains("Search:") }
    try find(offline.tmux)
    try offline.tmux.until("the device from the index, saying what it does not keep", timeout: 20) { screen in
      screen.contains("Join type") && screen.contains("not kept offline")
    }
    try offline.tmux.keys("Escape", "Escape", "C-u", "q")
    #expect(try offline.waitForExit().status == 0)
  }

  /// Type a word of the hostile device's name, list devices alone, open the one found.
  private func find(_ tmux: Tmux) throws {
    try tmux.type("alerts")
    try tmux.until("the device marked as a device, its name clean", timeout: 40) { screen in
      screen.contains("▭ Alerts RED Phone") && screen.contains("device") && !screen.contains("[31m")
    }
    for _ in 0..<8 {
      if try tmux.capture().contains("Devices only") { break }
      let before = try tmux.capture()
      try tmux.keys("C-g")
      try tmux.until("Ctrl-G moved on") { $0 != before }
    }
    try tmux.until("devices alone") { $0.contains("Devices only") && $0.contains("▭ Alerts RED Phone") }
    try tmux.keys("Enter")
  }
}
