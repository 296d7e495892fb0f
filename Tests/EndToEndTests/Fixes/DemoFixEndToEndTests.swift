import Foundation
import TestSupport
import Testing

/// Issue 45 in the pane, through the real binary in tmux on the demo's throw-away tenant (its
/// operator holds User, Authentication and Groups Administrator): `f` on a person, the fix
/// chosen, the user name typed back; Graph's answer in the box, the Account section read again,
/// a pass shown once, a dynamic group refused in a sentence, and every attempt in the audit file.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct DemoFixEndToEndTests {
  static let rahul = "rahul.gupta@contoso.onmicrosoft.com"

  /// The demo at `cols`×`rows` with its data kept in a folder of its own (the audit file goes
  /// there), on Rahul's pane; `body` gets tmux and that folder.
  static func onRahul(cols: Int, rows: Int, _ body: (Tmux, URL) throws -> Void) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let data = run.work.appendingPathComponent("demo-data")
    try run.start(["--demo"], environment: ["ROSTER_DEMO_DATA": data.path], cols: cols, rows: rows)
    let tmux = run.tmux
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type(rahul)
    try tmux.until("Rahul alone in the list") { $0.contains("1 match") }
    try tmux.keys("Enter")
    try tmux.until("his pane") { $0.contains("User name") && $0.contains("rahul.gupta@") }
    try body(tmux, data)
  }

  /// `f`, the fix's key, his user name typed back and Enter; waits for Graph's answer in the box.
  static func fix(_ tmux: Tmux, key: String, answer: String) throws {
    try tmux.keys("f")
    try tmux.until("the fixes offered") { $0.contains("r  Revoke sign-in sessions") }
    try tmux.keys(key)
    try tmux.until("the confirmation") { $0.contains("Type the user name (\(rahul))") }
    try tmux.type(rahul)
    try tmux.keys("Enter")
    try tmux.until("Graph's answer: \(answer)", timeout: 30) { $0.contains(answer) || boxText($0).contains(answer) }
  }

  /// The box's text as one line: what is inside its `│` borders, joined, so a sentence the box
  /// wrapped is found whole.
  static func boxText(_ screen: String) -> String {
    screen.split(separator: "\n").compactMap { line -> String? in
      guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
      return line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
  }

  static func audit(_ data: URL) throws -> [[String: Any]] {
    let text = try String(contentsOf: data.appendingPathComponent("writes.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func disableThenAPassFromThePaneAt120x40() throws {
    try Self.onRahul(cols: 120, rows: 40) { tmux, data in
      try tmux.keys("h")
      try tmux.until("his Account section", timeout: 30) { $0.contains("Enabled: yes") }
      try Self.fix(tmux, key: "d", answer: "roster disable — done")
      #expect(Self.boxText(try tmux.capture()).contains("To undo: roster enable \(Self.rahul)."))
      try tmux.keys("Escape")
      try tmux.until("the section read again after the write", timeout: 30) { $0.contains("Enabled: no") }
      try Self.fix(tmux, key: "t", answer: "roster tap — done")
      let shown = try tmux.capture()
      let lines = shown.split(separator: "\n")
      let label = try #require(lines.firstIndex { $0.contains("Temporary Access Pass:") })
      let pass = lines[label + 1].split(separator: "│").dropFirst().first?.trimmingCharacters(in: .whitespaces) ?? ""
      #expect(pass.count >= 8, "\(shown)")
      try tmux.keys("x")
      try tmux.until("the box closed") { !$0.contains("Temporary Access Pass:") }
      #expect(!(try tmux.capture()).contains(pass), "the pass is shown once")
      let records = try Self.audit(data)
      #expect(records.map { $0["action"] as? String } == ["disable", "tap"])
      #expect(
        records.allSatisfy {
          $0["outcome"] as? String == "ok" && $0["targetUserPrincipalName"] as? String == Self.rahul
        })
      let file = try String(contentsOf: data.appendingPathComponent("writes.jsonl"), encoding: .utf8)
      #expect(!file.contains(pass), "the pass is kept nowhere")
    }
  }

  /// At 40×12 the pass, its warning and the sentence are taller than the box: the pass comes
  /// first, and ↑/↓ bring the rest (its undo) into view rather than leaving it cut off unseen.
  @Test func aPassAt40x12ScrollsToTheRestOfItsSentence() throws {
    try Self.onRahul(cols: 40, rows: 12) { tmux, data in
      try tmux.keys("f")
      try tmux.until("the fixes offered") { $0.contains("t  Temporary Access Pass") }
      try tmux.keys("t")
      try tmux.until("the confirmation") { Self.boxText($0).contains("to go ahead:") }
      try tmux.type(Self.rahul)
      try tmux.keys("Enter")
      try tmux.until("the pass, and more below it", timeout: 30) {
        $0.contains("Temporary Access Pass:") && $0.contains("↑/↓ more")
      }
      #expect(!Self.boxText(try tmux.capture()).contains("Entra admin center)."), "taller than the box")
      try tmux.keys("Down")
      try tmux.until("one line down") { !$0.contains("Temporary Access Pass:") && $0.contains("↑/↓ more") }
      try tmux.keys("End")
      try tmux.until("the end of the sentence") { Self.boxText($0).contains("Entra admin center).") }
      try tmux.keys("Home")
      try tmux.until("the pass again") { $0.contains("Temporary Access Pass:") }
      try tmux.keys("x")
      try tmux.until("the box closed") { !$0.contains("Temporary Access Pass:") && !$0.contains("↑/↓ more") }
      #expect(try Self.audit(data).map { $0["action"] as? String } == ["tap"])
    }
  }

  @Test func aWrongNameAndADynamicGroupSendNothingAt80x24() throws {
    try Self.onRahul(cols: 80, rows: 24) { tmux, data in
      try tmux.keys("f")
      try tmux.until("the fixes offered") { $0.contains("r  Revoke") }
      try tmux.keys("r")
      try tmux.until("the confirmation") { $0.contains("Type the user name") }
      try tmux.type("Rahul Gupta")
      try tmux.keys("Enter")
      try tmux.until("the refusal to send") { $0.contains("That is not their user name: nothing was sent.") }
      try tmux.keys("Escape")
      try tmux.until("the box closed") { !$0.contains("Fix: roster revoke") }
      #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("writes.jsonl").path))
      try tmux.keys("f")
      try tmux.until("the fixes offered") { $0.contains("a  Add to a group") }
      try tmux.keys("a")
      try tmux.until("the group asked for") { $0.contains("to which group?") }
      try tmux.type("London Office")
      try tmux.keys("Enter")
      // The look-up read that its members are by rule: refused in a sentence, before any confirmation.
      try tmux.until("the refusal in a sentence", timeout: 30) {
        Self.boxText($0).contains("membership is by rule") && $0.contains("Fix: not done")
      }
      #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("writes.jsonl").path))
    }
  }
}
