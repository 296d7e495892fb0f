import Foundation
import TestSupport
import Testing

/// Issue 28 items 7 and 14 in tmux, driven as a new user does: the settings file the first-run
/// setup screen writes is 0600 (docs/guide.md#files, man page), and a paste cut to fit the search field says so.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct SecondPassEndToEndTests {
  @Test func theSetupScreenSavesAPrivateSettingsFile() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    try run.start([], environment: ["ROSTER_AUTHORITY": "http://127.0.0.1:9/organizations"], cols: 100, rows: 30)
    try run.tmux.until("the setup screen") { $0.contains("Client ID:") }
    try run.tmux.type("3f6b2c1e-8d4a-4e7b-9c2f-5a1d0e9b7c64")
    try run.tmux.keys("Tab")
    try run.tmux.type("contoso.onmicrosoft.com")
    try run.tmux.keys("Enter")
    let file = run.work.appendingPathComponent("config/roster/settings.plist")
    try run.tmux.until("the settings file to be written") { _ in FileManager.default.fileExists(atPath: file.path) }
    var info = stat()
    #expect(stat(file.path, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o600, "mode \(String(info.st_mode & 0o7777, radix: 8))")
    let saved = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
    #expect((saved as? [String: Any])?["clientId"] as? String == "3f6b2c1e-8d4a-4e7b-9c2f-5a1d0e9b7c64")
    let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
    #expect(!names.contains { $0.contains(".tmp-") }, "no temp file left: \(names)")
  }

  @Test func aPasteCutToFitTheSearchFieldSaysSo() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: 120, rows: 40)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    let big = run.work.appendingPathComponent("big.txt")
    try Data(String(repeating: "pasted text ", count: 2_000).utf8).write(to: big)
    try tmux.tmux(["load-buffer", "-b", "big", big.path])
    try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "big", "-t", tmux.session])
    try tmux.until("the notice that the paste was cut") { $0.contains("The paste was cut to fit the search field") }

    // A paste that fits says nothing.
    try tmux.keys("C-u")
    try tmux.tmux(["set-buffer", "-b", "small", "alice"])
    try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "small", "-t", tmux.session])
    try tmux.until("the small paste") { $0.contains("Search: alice") && !$0.contains("The paste was cut") }
  }
}
