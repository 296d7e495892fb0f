import Foundation
import Testing

/// SIGTERM (a `kill`) and SIGHUP (an SSH connection dropping) end the real binary with the
/// terminal as it was: same termios modes, main screen back, cursor shown, mouse reporting off.
@Suite(.serialized) struct SignalRestoreEndToEndTests {
  @Test(arguments: ["TERM", "HUP"])
  func aSignalRestoresTheTerminal(signal: String) throws {
    guard Tmux.isAvailable else {
      print("tmux not installed: skipping the end-to-end test")
      return
    }
    guard let binary = DemoEndToEndTests.binary else {
      Issue.record("roster binary not found next to the tests; run `swift build` first")
      return
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("roster-sig-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let tmux = Tmux()
    defer { tmux.kill() }
    let dir = work.path
    // The inner shell writes its pid and becomes roster (exec), so the signal reaches roster
    // itself; the outer script then records the modes and the exit status.
    let script = """
      stty -g > '\(dir)/before'
      sh -c 'echo $$ > "$1/pid"; exec env TERM=xterm-256color LANG=C.UTF-8 HOME="$1" \\
        XDG_STATE_HOME="$1/state" XDG_CONFIG_HOME="$1/config" "$2" --demo' _ '\(dir)' '\(binary.path)'
      echo "exit=$?" > '\(dir)/exit.tmp'
      stty -g > '\(dir)/after'
      mv '\(dir)/exit.tmp' '\(dir)/exit'
      echo "back at the shell"
      exec sleep 600
      """
    let scriptFile = work.appendingPathComponent("run.sh")
    try script.write(to: scriptFile, atomically: true, encoding: .utf8)
    try tmux.start(command: "sh '\(scriptFile.path)'", cols: 80, rows: 24)

    try tmux.until("the full-screen sign-in") { $0.contains("Sign in to Microsoft Entra ID") }
    #expect(try tmux.tmux(["display", "-p", "-t", tmux.session, "#{alternate_on} #{mouse_any_flag}"]) == "1 1\n")
    let pidText = try String(contentsOfFile: "\(dir)/pid", encoding: .utf8)
    let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(Foundation.kill(pid, signal == "TERM" ? SIGTERM : SIGHUP) == 0)

    let exitFile = "\(dir)/exit"
    try tmux.until("roster to exit") { _ in FileManager.default.fileExists(atPath: exitFile) }
    let code = signal == "TERM" ? 128 + SIGTERM : 128 + SIGHUP
    #expect((try? String(contentsOfFile: exitFile, encoding: .utf8)) == "exit=\(code)\n")
    let before = try String(contentsOfFile: "\(dir)/before", encoding: .utf8)
    let after = try String(contentsOfFile: "\(dir)/after", encoding: .utf8)
    #expect(before == after, "the termios modes are the shell's again")
    try tmux.until("the shell's own screen") { $0.contains("back at the shell") && !$0.contains("Sign in to") }
    let flags = try tmux.tmux(["display", "-p", "-t", tmux.session, "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"])
    #expect(flags == "0 1 0\n", "main screen, cursor shown, no mouse reporting")
  }
}
