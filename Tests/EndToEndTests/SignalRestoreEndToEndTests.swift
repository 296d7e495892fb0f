import Foundation
import Testing

/// SIGTERM (a `kill`) and SIGHUP (an SSH connection dropping) end the real binary with the
/// terminal as it was: same termios modes, main screen back, cursor shown, mouse reporting off.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct SignalRestoreEndToEndTests {
  @Test(arguments: ["TERM", "HUP"])
  func aSignalRestoresTheTerminal(signal: String) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    try run.start(["--demo"], cols: 80, rows: 24)

    // The demo signs itself in at once (issue 28): the full-screen UI is the search screen.
    try tmux.until("the full-screen UI", timeout: 45) { $0.contains("Search:") }
    #expect(try tmux.tmux(["display", "-p", "-t", tmux.session, "#{alternate_on} #{mouse_any_flag}"]) == "1 1\n")
    let pid = try #require(try run.pid())
    #expect(Foundation.kill(pid, signal == "TERM" ? SIGTERM : SIGHUP) == 0)

    let exit = try run.waitForExit()
    #expect(exit.status == Int(signal == "TERM" ? 128 + SIGTERM : 128 + SIGHUP))
    #expect(exit.modesRestored, "the termios modes are the shell's again")
    try tmux.until("the shell's own screen") { $0.contains("back at the shell") && !$0.contains("Search:") }
    let flags = try tmux.tmux(["display", "-p", "-t", tmux.session, "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"])
    #expect(flags == "0 1 0\n", "main screen, cursor shown, no mouse reporting")
  }
}
