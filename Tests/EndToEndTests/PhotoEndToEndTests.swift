import Foundation
import Testing

/// Photos in the real binary in tmux (which passes neither kitty graphics nor sixel): half-blocks
/// in 256 colours beside the detail text under `xterm-256color`; nothing at all, and no escape
/// bytes on the screen, under `vt100` and `NO_COLOR`.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct PhotoEndToEndTests {
  /// Probe and graphics bytes that must never show as text.
  static let garbage = ["Gi=31", "AAAA", "[?", "_G", "[16t", "\u{1B}"]

  @Test func halfBlocksInA256ColourTerminal() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    // 256 colours: no COLORTERM, and no NO_COLOR inherited from the test runner (swift test sets it).
    let environment = ["ROSTER_DEMO_PEOPLE": people.path, "COLORTERM": "", "NO_COLOR": ""]
    try run.start(["--demo"], environment: environment, cols: 120, rows: 32)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type("alice")
    try tmux.until("the detail text of Alice") { $0.contains("Alice Smith") && $0.contains("Job title") }
    try tmux.until("her photo as half-blocks") { $0.contains("▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀") }
    let screen = try tmux.capture()
    let photoRow = String(repeating: "▀", count: 16)
    let photoRows = screen.split(separator: "\n").filter { $0.contains(photoRow) }
    #expect(photoRows.count == 8, "a photo of 16×8 cells:\n\(screen)")
    #expect(photoRows.allSatisfy { $0.hasSuffix("▀") }, "in the top-right corner of the pane")
    for text in Self.garbage { #expect(!screen.contains(text), "\(text) on screen:\n\(screen)") }
    // The cells carry 256-colour foreground and background (tmux re-encodes what it was sent).
    let ansi = try tmux.capture(ansi: true)
    #expect(ansi.contains("38;5;") && ansi.contains("48;5;"), "no 256-colour cells in:\n\(ansi)")

    // Moving on: the next person's photo replaces it (no stale cells) and quitting restores the terminal.
    try tmux.keys("C-u")
    try tmux.type("salim")
    // Salim is Alice's report ("Salim Ali · SRE" in her pane): only the pane's own header line
    // beside the new search says the pane is his (issue 40: the stale screen passed a loaded run).
    try tmux.until("Salim's detail") { screen in
      let top = screen.split(separator: "\n").first ?? ""
      return top.contains("Search: salim") && top.contains("│ Salim Ali") && screen.contains("SRE")
    }
    try tmux.until("Salim's photo") { $0.contains("▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀") }
    #expect(try tmux.capture(ansi: true) != ansi)
    try tmux.keys("C-c")
    let exit = try run.waitForExit()
    #expect(exit.status == 0 && exit.modesRestored)
    try tmux.until("the shell back, with no leftovers") { $0.contains("back at the shell") }
  }

  @Test(arguments: [["TERM": "vt100"], ["TERM": "xterm-256color", "NO_COLOR": "1"], ["TERM": "linux"]])
  func noPhotoAndNoEscapeGarbage(environment: [String: String]) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    try run.start(
      ["--demo"], environment: environment.merging(["ROSTER_DEMO_PEOPLE": people.path]) { $1 }, cols: 120, rows: 32)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type("ali")
    try tmux.until("the detail text of Alice") { $0.contains("Alina Chen") && $0.contains("Job title") }
    // Give a photo every chance to appear: move away and back, and wait until the selection has
    // rested and everything it started has finished (the idle file), then look.
    try run.settle("moving away and back") {
      try tmux.keys("Down")
      try tmux.keys("Up")
    }
    try tmux.until("the detail again") { $0.contains("Job title") && $0.contains("Alice Smith") }
    let screen = try tmux.capture()
    #expect(!screen.contains("▀"), "a photo under \(environment):\n\(screen)")
    for text in Self.garbage { #expect(!screen.contains(text), "\(text) on screen under \(environment):\n\(screen)") }
    try tmux.keys("C-c")
    let exit = try run.waitForExit()
    #expect(exit.status == 0 && exit.modesRestored)
  }
}
