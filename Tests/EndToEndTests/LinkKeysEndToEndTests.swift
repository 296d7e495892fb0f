import Foundation
import TestSupport
import Testing

/// Issue 31 item 4 as the terminal sees it: `roster --demo` in tmux, recorded byte for byte by
/// script(1). The pane's links row reaches the terminal as OSC 8 hyperlinks, and `c` / `@` put
/// the documented link on the clipboard with OSC 52 (tmux, with `set-clipboard on`, keeps it
/// as a paste buffer) and say so in the banner.
@Suite(.serialized, .enabled(if: Tmux.isAvailable && FileManager.default.fileExists(atPath: "/usr/bin/script")))
struct LinkKeysEndToEndTests {
  @Test func keysCopyTheLinksAndThePaneLinksThem() throws {
    let binary = try #require(RosterBinary.url, "roster binary not found next to the tests; run `swift build` first")
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("roster-e2e-links-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let tmux = Tmux()
    defer {
      tmux.kill()
      Self.end(pidFile: work.appendingPathComponent("pid"))
      try? FileManager.default.removeItem(at: work)
    }
    let people: [[String: Any]] = [
      ["id": "ada-1", "displayName": "Ada Lovelace", "userPrincipalName": "ada@contoso.com", "mail": "ada@contoso.com"]
    ]
    try JSONSerialization.data(withJSONObject: people).write(to: work.appendingPathComponent("people.json"))
    let dir = work.path
    let log = work.appendingPathComponent("typescript")
    let inner =
      "env TERM=xterm-256color LANG=C.UTF-8 HOME='\(dir)' XDG_STATE_HOME='\(dir)/state' XDG_CONFIG_HOME='\(dir)/config'"
      + " XDG_CACHE_HOME='\(dir)/cache' ROSTER_DEMO_PEOPLE='\(dir)/people.json' '\(binary.path)' --demo"
    // Roster writes its pid first: script(1) may outlive tmux's end, so the test ends roster itself.
    try "echo $$ > '\(dir)/pid'; exec \(inner)\n".write(
      to: work.appendingPathComponent("inner.sh"), atomically: true, encoding: .utf8)
    let script = "exec script -q -f -c \"sh '\(dir)/inner.sh'\" '\(log.path)'\n"
    try script.write(to: work.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
    try tmux.start(command: "sh '\(dir)/run.sh'", cols: 100, rows: 30)
    try tmux.tmux(["set-option", "-g", "set-clipboard", "on"])
    try tmux.until("the search screen") { $0.contains("Search:") }
    try tmux.type("ada")
    try tmux.until("Ada in the list") { $0.contains("Ada Lovelace") && $0.contains("1 match") }
    try tmux.keys("Enter")
    try tmux.until("her pane with its links row") {
      $0.contains("Name            Ada Lovelace") && $0.contains("Chat · Call · Mail · Entra")
    }
    let chat = "https://teams.microsoft.com/l/chat/0/0?users=ada@contoso.com"
    try tmux.until("the terminal to receive the OSC 8 links") { _ in
      let bytes = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      return bytes.contains("\u{1B}]8;;\(chat)\u{1B}\\Chat\u{1B}]8;;\u{1B}\\")
        && bytes.contains("\u{1B}]8;;mailto:ada@contoso.com\u{1B}\\Mail\u{1B}]8;;\u{1B}\\")
    }
    try tmux.type("c")
    try tmux.until("the banner naming the link") { $0.contains("Copied the Teams chat link for Ada Lovelace") }
    try tmux.until("the chat link on tmux's clipboard (OSC 52)") { _ in
      (try? tmux.tmux(["show-buffer"])) == chat
    }
    try tmux.type("@")
    try tmux.until("the mail link on the clipboard") { _ in
      (try? tmux.tmux(["show-buffer"])) == "mailto:ada@contoso.com"
    }
    let bytes = try String(contentsOf: log, encoding: .utf8)
    #expect(bytes.contains("\u{1B}]52;c;\(Data(chat.utf8).base64EncodedString())\u{07}"))
  }

  /// Sends SIGTERM to the roster whose pid `pidFile` holds, if it is still running: left behind
  /// by script(1) it would keep a demo running after the suite.
  static func end(pidFile: URL) {
    guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1
    else { return }
    kill(pid, SIGTERM)
  }
}
