import Foundation
import TestSupport
import Testing

/// The B2C task list through the real binary in tmux, against `roster sandbox --data DIR` run as
/// its own process: sign-in through the B2C policy (a stand-in `xdg-open` follows the policy's
/// redirect back to Roster's loopback listener, as a browser would), add, complete, delete,
/// restart and find them; a second customer sees only their own; a revoked session is recovered.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct TasksEndToEndTests {
  /// `roster sandbox --data DIR` in the background, and what a B2C profile needs to reach it.
  final class SandboxProcess {
    let process = Process()
    let base: String
    let domain: String

    init(binary: URL, data: URL, log: URL) throws {
      FileManager.default.createFile(atPath: log.path, contents: nil)
      process.executableURL = binary
      process.arguments = ["sandbox", "--data", data.path, "--size", "50"]
      process.standardOutput = try FileHandle(forWritingTo: log)
      process.standardError = FileHandle.nullDevice
      try process.run()
      var line = ""
      for _ in 0..<200 where !line.contains("\n") {
        line = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        usleep(50_000)
      }
      guard let url = line.split(separator: " ").dropFirst().first else {
        throw TmuxError(message: "sandbox did not start")
      }
      base = String(url)
      let info = try Self.curl(["\(base)/_sandbox/info"])
      let json = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
      domain = json?["tenant_domain"] as? String ?? ""
    }

    func stop() {
      process.terminate()
      process.waitUntilExit()
    }

    /// POSTs JSON to the control API; the answer's body.
    @discardableResult
    func control(_ path: String, _ json: String) throws -> String {
      try Self.curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", json, "\(base)/_sandbox/\(path)"])
    }

    static func curl(_ arguments: [String]) throws -> String {
      try Tmux.run(["curl", "-s", "--max-time", "10"] + arguments).output
    }

    /// The environment of a Roster with a B2C profile for this sandbox, in `home`.
    func profile(in home: URL) throws -> [String: String] {
      let bin = home.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opener = bin.appendingPathComponent("xdg-open")
      try "#!/bin/sh\nexec curl -s -L --max-time 10 \"$1\" >/dev/null\n".write(
        to: opener, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
      let settings: [String: Any] = [
        "clientId": "3f6b2c1e-8d4a-4e7b-9c2f-5a1d0e9b7c64", "authority": "\(base)/\(domain)/B2C_1_signupsignin",
        "signIn": "browser", "taskAPI": base,
        "scopes": "openid offline_access https://\(domain)/api/read https://\(domain)/api/write",
      ]
      let file = home.appendingPathComponent("settings.plist")
      try PropertyListSerialization.data(fromPropertyList: settings, format: .xml, options: 0).write(to: file)
      return [
        "ROSTER_CONFIG": file.path, "DISPLAY": ":99", "PATH": "\(bin.path):/usr/bin:/bin",
        "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      ]
    }
  }

  @Test(arguments: [(80, 24), (40, 12)])
  func signInAddCompleteDeleteRestartAndFindThem(cols: Int, rows: Int) throws {
    let run = try RosterInTmux()
    let binary = try #require(RosterBinary.url)
    defer { run.finish() }
    let sandbox = try SandboxProcess(
      binary: binary, data: run.work.appendingPathComponent("data"), log: run.work.appendingPathComponent("sandbox.log")
    )
    defer { sandbox.stop() }
    let home = run.work.appendingPathComponent("customer1")
    let profile = try sandbox.profile(in: home)
    try run.start([], environment: profile, cols: cols, rows: rows)
    let tmux = run.tmux

    try tmux.until("the task list after the B2C sign-in", timeout: 45) {
      $0.contains("Your tasks · 3 open, 0 done") && $0.contains("Press Space to mark") && $0.contains("Aoife")
    }
    // Space marks the first done; typing and Enter add one; Delete then y deletes the third.
    try tmux.keys("Space")
    try tmux.until("the first task done") { $0.contains("[x] Add a task") && !$0.contains("saving") }
    try tmux.type("Buy oat milk")
    try tmux.keys("Enter")
    try tmux.until("the new task stored") { $0.contains("[ ] Buy oat milk") && !$0.contains("saving") }
    try tmux.keys("Home", "Down", "Down", "DC")
    try tmux.until("the delete question") { $0.contains("Delete “Delete this one") }
    try tmux.keys("y")
    try tmux.until("the third task gone") { !$0.contains("Delete this one") && !$0.contains("saving") }
    try tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)

    // Restarted with the same HOME: the cached session opens the list as it was left.
    let again = try RosterInTmux()
    defer { again.finish() }
    try again.start([], environment: profile, cols: cols, rows: rows)
    try again.tmux.until("the list as it was left", timeout: 45) {
      $0.contains("[x] Add a task") && $0.contains("[ ] Buy oat milk") && !$0.contains("Delete this one")
        && $0.contains("2 open, 1 done")
    }
    let screen = try again.tmux.capture()
    #expect(!screen.contains("eyJ"), "no token on screen")
    try again.tmux.keys("C-c")
    _ = try again.waitForExit()
  }

  @Test func aSecondCustomerNeverSeesTheFirstOnesTasksAndARevokedSessionIsRecovered() throws {
    let first = try RosterInTmux()
    let binary = try #require(RosterBinary.url)
    defer { first.finish() }
    let sandbox = try SandboxProcess(
      binary: binary, data: first.work.appendingPathComponent("data"),
      log: first.work.appendingPathComponent("sandbox.log"))
    defer { sandbox.stop() }
    try first.start(
      [], environment: try sandbox.profile(in: first.work.appendingPathComponent("c1")), cols: 80, rows: 24)
    try first.tmux.until("the first customer's list", timeout: 45) { $0.contains("Your tasks · 3 open") }
    try first.tmux.type("first customer's secret")
    try first.tmux.keys("Enter")
    try first.tmux.until("the secret stored") { $0.contains("first customer's secret") && !$0.contains("saving") }

    let answer = try sandbox.control("browser", "{}")
    let customers =
      (try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])?["customers"] as? [String]
    let secondUser = try #require(customers?.dropFirst().first)
    try sandbox.control("browser", "{\"user\": \"\(secondUser)\"}")
    let second = try RosterInTmux()
    defer { second.finish() }
    try second.start(
      [], environment: try sandbox.profile(in: second.work.appendingPathComponent("c2")), cols: 80, rows: 24)
    try second.tmux.until("the second customer's own list", timeout: 45) {
      $0.contains("Book the dentist") && $0.contains("Renew the passport")
    }
    let theirs = try second.tmux.capture()
    #expect(!theirs.contains("secret") && !theirs.contains("Add a task"))
    #expect(!theirs.contains("Aoife"))

    // An expired token is refreshed silently on reload; a revoked session goes back through
    // the sign-in, which the opener completes again, and the list comes back.
    try sandbox.control("faults", #"{"kind": "expire_access_tokens"}"#)
    try first.tmux.keys("C-r")
    try first.tmux.until("the list after a silent refresh") {
      $0.contains("first customer's secret") && $0.contains("4 tasks")
    }
    try sandbox.control("browser", "{}")
    try sandbox.control("faults", #"{"kind": "revoke_refresh_tokens"}"#)
    try sandbox.control("faults", #"{"kind": "expire_access_tokens"}"#)
    try first.tmux.keys("C-r")
    try first.tmux.until("the list again after signing in again", timeout: 45) {
      $0.contains("first customer's secret") && $0.contains("Your tasks")
    }
    try first.tmux.keys("C-c")
    try second.tmux.keys("C-c")
    #expect(try first.waitForExit().status == 0)
    #expect(try second.waitForExit().status == 0)
  }
}
