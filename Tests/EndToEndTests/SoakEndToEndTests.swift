import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// A seeded random-input soak of the real binary (issue 11): keys, typed words, pastes (short,
/// lone starts, a megabyte), hostile and ordinary mouse reports and resizes, against a
/// `roster sandbox` whose Graph and token endpoints fail at random. It passes when `roster`
/// never dies, no token text ever reaches the screen, and Ctrl-C at the end restores the
/// terminal.
///
/// `swift test` runs a short form; `scripts/soak` the long one (`ROSTER_SOAK_EVENTS`,
/// `ROSTER_SOAK_SEED`). A failure names the seed and the event, so it can be replayed.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "needs tmux (scripts/bootstrap installs it)"))
struct SoakEndToEndTests {
  static let environment = ProcessInfo.processInfo.environment
  static var events: Int { environment["ROSTER_SOAK_EVENTS"].flatMap { Int($0) } ?? 400 }
  static var seed: UInt64 { environment["ROSTER_SOAK_SEED"].flatMap { UInt64($0) } ?? 11 }

  /// Faults the sandbox injects at random for the whole run (its dice are seeded too).
  static var faults: [[String: Any]] {
    [
      ["match": "/v1.0/*", "kind": "status", "status": 503, "retry_after": "1", "probability": 0.05],
      ["match": "/v1.0/*", "kind": "status", "status": 429, "retry_after": "1", "probability": 0.05],
      ["match": "/v1.0/*", "kind": "malformed_json", "probability": 0.03],
      ["match": "/v1.0/*", "kind": "reset", "probability": 0.02],
      ["match": "/v1.0/*", "kind": "latency", "ms": 150, "probability": 0.1],
      ["match": "*/token", "kind": "status", "status": 503, "retry_after": "1", "probability": 0.3],
      ["match": "*/token", "kind": "status", "status": 429, "retry_after": "1", "probability": 0.1],
      ["match": "*/token", "kind": "malformed_json", "probability": 0.1],
    ]
  }

  static let keyNames = [
    "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End", "Enter", "Escape", "Tab", "BTab", "BSpace",
    "DC", "F1", "C-u", "C-k", "C-w", "C-a", "C-e", "C-n", "C-p", "C-r", "C-l", "?", "y", "c", "r", "Space",
  ]
  static let words = ["ali", "smith", "o'brien", "山田", "jo", "& ", "-", "/", "+ x", "pagey", "zz", "%", "🙂", "e"]

  @Test func aSeededSoakNeverCrashesLeaksATokenOrBreaksTheTerminal() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let binary = try #require(RosterBinary.url)
    let people = try DemoEndToEndTests.peopleFile(in: run.work)
    let sandbox = try SandboxProcess(binary: binary, arguments: ["--people", people.path, "--seed", String(Self.seed)])
    defer { sandbox.stop() }
    let dir = run.work.path
    try sandbox.signIn(binary, home: dir)
    let megabyte = run.work.appendingPathComponent("megabyte.txt")
    try Data(String(repeating: "pasted text, ", count: 80_000).utf8).write(to: megabyte)

    let tmux = run.tmux
    try run.start([], environment: sandbox.environment, cols: 100, rows: 30)
    try tmux.until("the search screen") { $0.contains("Search:") }
    let pid = try #require(try run.pid())
    try sandbox.fault(Self.faults)

    var random = SeededRandom(seed: Self.seed)
    func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
    for event in 0..<Self.events {
      let moment = "seed \(Self.seed), event \(event)"
      switch below(100) {
      case 0..<40:
        try tmux.keys(contentsOf: (0..<(1 + below(6))).map { _ in Self.keyNames[below(Self.keyNames.count)] })
      case 40..<55:
        try tmux.type(Self.words[below(Self.words.count)])
      case 55..<63:
        let report =
          below(2) == 0
          ? HostileInputEndToEndTests.hostileMouseReports[below(HostileInputEndToEndTests.hostileMouseReports.count)]
          : "\u{1B}[<\([0, 1, 2, 64, 65, 32][below(6)]);\(below(120));\(below(40))\(below(2) == 0 ? "M" : "m")"
        try HostileInputEndToEndTests.sendBytes(tmux, Array(report.utf8))
      case 63..<69:
        try tmux.tmux(["set-buffer", "-b", "soak", Self.words[below(Self.words.count)] + " pasted\nline"])
        try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "soak", "-t", tmux.session])
      case 69..<72:
        try HostileInputEndToEndTests.sendBytes(tmux, Array("\u{1B}[200~".utf8) + Array(Self.words[below(5)].utf8))
      case 72:
        try tmux.tmux(["load-buffer", "-b", "big", megabyte.path])
        try tmux.tmux(["paste-buffer", "-p", "-d", "-b", "big", "-t", tmux.session])
      case 73..<80:
        let tiny = below(5) == 0
        try tmux.resize(cols: tiny ? 1 + below(30) : 20 + below(180), rows: tiny ? 1 + below(8) : 5 + below(50))
      case 80..<83:
        try sandbox.fault(["kind": "expire_access_tokens"])
      case 83:
        // The session ends for good; the sandbox approves the new device code by itself.
        try sandbox.fault(["kind": "revoke_refresh_tokens"])
      case 84..<87:
        // Approves a pending device code, if there is one (the sign-in screen after a revoke).
        _ = try? sandbox.send("POST", "/_sandbox/device/approve", body: Data("{}".utf8))
      default:
        try tmux.keys(contentsOf: [["C-u"], ["Escape"], ["Enter"], ["C-l"]][below(4)])
      }
      if event % 20 == 19 || event == Self.events - 1 {
        #expect(kill(pid, 0) == 0, "roster died at \(moment)")
        if kill(pid, 0) != 0 { return }
        try expectNoTokenOnScreen(tmux, cache: URL(fileURLWithPath: "\(dir)/state/roster/tokens-default.json"), moment)
      }
    }

    try sandbox.clearFaults()
    try tmux.resize(cols: 100, rows: 30)
    try tmux.keys("C-c")
    let exit = try run.waitForExit()
    #expect(exit.status == 0, "seed \(Self.seed)")
    #expect(exit.modesRestored, "seed \(Self.seed)")
    let flags = try tmux.tmux(["display", "-p", "-t", tmux.session, "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"])
    #expect(flags == "0 1 0\n", "main screen, cursor shown, no mouse reporting")
  }

  /// No access or refresh token from the cache, and nothing shaped like a JWT, on the screen.
  private func expectNoTokenOnScreen(_ tmux: Tmux, cache: URL, _ moment: String) throws {
    let screen = try tmux.capture().replacingOccurrences(of: "\n", with: "")
    #expect(!screen.contains("eyJ0eX") && !screen.contains("eyJhbG"), "a JWT on screen at \(moment)")
    guard let data = try? Data(contentsOf: cache), let json = try? JSONSerialization.jsonObject(with: data) else {
      return
    }
    for secret in Self.tokens(in: json) {
      #expect(!screen.contains(secret.prefix(24)), "token text on screen at \(moment)")
    }
  }

  /// The values of every `…Token` member of the cache file (access, refresh and id tokens).
  static func tokens(in value: Any) -> [String] {
    switch value {
    case let array as [Any]: return array.flatMap(tokens)
    case let object as [String: Any]:
      return object.flatMap { key, member -> [String] in
        if key.hasSuffix("Token"), let text = member as? String, text.count >= 16 { return [text] }
        return tokens(in: member)
      }
    default: return []
    }
  }
}

extension Tmux {
  /// Sends several key names in one `send-keys`.
  func keys(contentsOf names: [String]) throws { try tmux(["send-keys", "-t", session] + names) }
}
