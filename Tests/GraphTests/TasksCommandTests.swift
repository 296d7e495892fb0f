import Foundation
import Sandbox
import Testing
import Transport

/// `roster tasks` as a script runs it: the built binary, a B2C profile in a settings file, the
/// sign-in from `roster login --browser` (the opener on PATH follows the policy's redirect).
@Suite(.serialized) struct TasksCommandTests {
  /// A private HOME with settings for the sandbox's B2C policy and task API.
  struct Customer {
    let home: URL
    let roster: RosterProcess

    init(_ sandbox: RunningSandbox, taskAPI: Bool = true) throws {
      home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-tasks-\(UUID().uuidString)")
      let bin = home.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opener = bin.appendingPathComponent("xdg-open")
      try BrowserLoginCommandTests.fakeOpener.write(to: opener, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
      var settings: [String: Any] = [
        "clientId": sandbox.clientId, "authority": sandbox.b2cAuthority.absoluteString, "signIn": "browser",
        "scopes": (["openid", "offline_access"] + sandbox.taskScopes).joined(separator: " "),
      ]
      if taskAPI { settings["taskAPI"] = sandbox.baseURL.absoluteString }
      let file = home.appendingPathComponent("settings.plist")
      try PropertyListSerialization.data(fromPropertyList: settings, format: .xml, options: 0).write(to: file)
      roster = RosterProcess(environment: [
        "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "ROSTER_CONFIG": file.path,
        "PATH": "\(bin.path):/usr/bin:/bin", "LANG": "C.UTF-8", "DISPLAY": ":99",
        "FAKE_OPENER_LOG": home.appendingPathComponent("opened.txt").path,
      ])
    }

    func run(_ arguments: String...) async throws -> RosterProcess.Output { try await roster.run(arguments) }
    func remove() { try? FileManager.default.removeItem(at: home) }
  }

  @Test func listAddDoneDeleteWithExitCodes() async throws {
    let sandbox = try await SandboxServer.start(SandboxConfiguration())
    let customer = try Customer(sandbox)
    defer { customer.remove() }
    let notSignedIn = try await customer.run("tasks")
    #expect(notSignedIn.status == 3, "\(notSignedIn.stderr)")
    #expect(try await customer.run("login", "--browser").status == 0)

    let list = try await customer.run("tasks")
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.split(separator: "\n") == [
      "1  [ ] Add a task in the field below and press Enter", "2  [ ] Press Space to mark this one done",
      "3  [ ] Delete this one with d",
    ])
    let added = try await customer.run("tasks", "add", "Buy", "milk")
    #expect(added.stdout == "7  [ ] Buy milk\n")
    #expect(try await customer.run("tasks", "done", "7").stdout == "7  [x] Buy milk\n")
    let json = try await customer.run("tasks", "list", "--json")
    let tasks = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(tasks.last?["Id"] as? Int == 7)
    #expect(tasks.last?["Completed"] as? Bool == true)
    #expect(tasks.last?["DateModified"] as? String != nil)
    let csv = try await customer.run("tasks", "list", "--csv")
    #expect(csv.stdout.hasPrefix("Id,Text,Completed,DateModified\r\n1,Add a task in the field below and press Enter,false,"))

    #expect(try await customer.run("tasks", "delete", "3").status == 0)
    let again = try await customer.run("tasks", "delete", "3")
    #expect(again.status == 1)
    #expect(again.stderr.contains("no longer exists"))
    #expect(try await customer.run("tasks", "add", " ").status == 2)
    #expect(try await customer.run("tasks", "add", String(repeating: "x", count: 10_000)).status == 2)
    #expect(try await customer.run("tasks", "done", "../1").status == 2)
    #expect(try await customer.run("tasks", "list", "--json", "--csv").status == 2)

    // An expired token is refreshed silently; a revoked session is exit 3 with the reason.
    let control = SandboxControl(sandbox: sandbox)
    try await control.addFault(["kind": "expire_access_tokens"])
    #expect(try await customer.run("tasks").status == 0)
    try await control.addFault(["kind": "revoke_refresh_tokens"])
    try await control.addFault(["kind": "expire_access_tokens"])
    let revoked = try await customer.run("tasks")
    #expect(revoked.status == 3)
    #expect(revoked.stderr.contains("roster login"))
    #expect(!revoked.stderr.contains("eyJ"))
    await sandbox.stop()
  }

  @Test func aSecondCustomerSeesOnlyTheirOwnTasks() async throws {
    let sandbox = try await SandboxServer.start(SandboxConfiguration())
    let first = try Customer(sandbox)
    let second = try Customer(sandbox)
    defer { first.remove(); second.remove() }
    #expect(try await first.run("login", "--browser").status == 0)
    #expect(try await first.run("tasks", "add", "first's secret").status == 0)
    _ = try await SharedTransport.live.send(HTTPRequest(
      method: "POST", url: sandbox.baseURL.appendingPathComponent("_sandbox/browser"),
      headers: [("Content-Type", "application/json")], body: Data("{\"user\": \"\(sandbox.demoCustomers[1])\"}".utf8)))
    #expect(try await second.run("login", "--browser").status == 0)
    let theirs = try await second.run("tasks")
    #expect(theirs.stdout.split(separator: "\n") == ["4  [ ] Book the dentist", "5  [ ] Renew the passport"])
    #expect(try await second.run("tasks", "delete", "1").status == 1)
    #expect(try await second.run("tasks", "done", "7").status == 1)
    #expect(try await first.run("tasks").stdout.contains("1  [ ] Add a task"))
    await sandbox.stop()
    let offline = try await first.run("tasks")
    #expect(offline.status == 4, "\(offline.stderr)")
    #expect(offline.stderr.contains("Could not reach the task service"))
  }

  @Test func withoutTaskAPIItSaysWhatToSet() async throws {
    let sandbox = try await SandboxServer.start(SandboxConfiguration())
    let customer = try Customer(sandbox, taskAPI: false)
    defer { customer.remove() }
    let result = try await customer.run("tasks")
    #expect(result.status == 2)
    #expect(result.stderr.contains("taskAPI"))
    await sandbox.stop()
  }
}
