import Foundation
import Sandbox
import TestSupport
import Testing
import Transport

/// `roster tasks` as a script runs it: the built binary, a B2C profile in a settings file, the
/// sign-in from `roster login --browser` (the opener on PATH follows the policy's redirect).
@Suite(.serialized) struct TasksCommandTests {
  /// A customer's `roster`: a private state folder in the harness's directory, a settings file
  /// with the sandbox's B2C policy and task API, and the stand-in opener on PATH.
  struct Customer {
    let roster: RosterProcess

    init(_ harness: SandboxHarness, _ name: String, taskAPI: Bool = true) throws {
      let folder = harness.directory.url.appendingPathComponent(name)
      let bin = folder.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opener = bin.appendingPathComponent("xdg-open")
      try BrowserLoginCommandTests.fakeOpener.write(to: opener, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
      let sandbox = harness.sandbox
      var settings: [String: Any] = ["signIn": "browser"]
      if taskAPI { settings["taskAPI"] = sandbox.baseURL.absoluteString }
      let file = folder.appendingPathComponent("settings.plist")
      try PropertyListSerialization.data(fromPropertyList: settings, format: .xml, options: 0).write(to: file)
      roster = harness.roster(
        state: "\(name)/state",
        extra: [
          "ROSTER_CONFIG": file.path, "ROSTER_AUTHORITY": sandbox.b2cAuthority.absoluteString,
          "ROSTER_SCOPES": (["openid", "offline_access"] + sandbox.taskScopes).joined(separator: " "),
          "PATH": "\(bin.path):/usr/bin:/bin", "DISPLAY": ":99",
          "FAKE_OPENER_LOG": folder.appendingPathComponent("opened.txt").path,
        ])
    }

    func run(_ arguments: String...) async throws -> RosterProcess.Output { try await roster.run(arguments) }
  }

  @Test func listAddDoneDeleteWithExitCodes() async throws {
    try await SandboxHarness.with { harness in
      let customer = try Customer(harness, "c1")
      let notSignedIn = try await customer.run("tasks")
      #expect(notSignedIn.status == 3, "\(notSignedIn.stderr)")
      #expect(try await customer.run("login", "--browser").status == 0)

      let list = try await customer.run("tasks")
      #expect(list.status == 0, "\(list.stderr)")
      #expect(
        list.stdout.split(separator: "\n") == [
          "1  [ ] Add a task in the field above and press Enter", "2  [ ] Press Space to mark this one done",
          "3  [ ] Delete this one with the Delete key",
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
      #expect(
        csv.stdout.hasPrefix("Id,Text,Completed,DateModified\r\n1,Add a task in the field above and press Enter,false,")
      )

      #expect(try await customer.run("tasks", "delete", "3").status == 0)
      let again = try await customer.run("tasks", "delete", "3")
      #expect(again.status == 1)
      #expect(again.stderr.contains("no longer exists"))
      #expect(try await customer.run("tasks", "add", " ").status == 2)
      #expect(try await customer.run("tasks", "add", String(repeating: "x", count: 10_000)).status == 2)
      #expect(try await customer.run("tasks", "done", "../1").status == 2)
      #expect(try await customer.run("tasks", "list", "--json", "--csv").status == 2)

      // An expired token is refreshed silently; a revoked session is exit 3 with the reason.
      try await harness.addFault(["kind": "expire_access_tokens"])
      #expect(try await customer.run("tasks").status == 0)
      try await harness.addFault(["kind": "revoke_refresh_tokens"])
      try await harness.addFault(["kind": "expire_access_tokens"])
      let revoked = try await customer.run("tasks")
      #expect(revoked.status == 3)
      #expect(revoked.stderr.contains("roster login"))
      #expect(!revoked.stderr.contains("eyJ"))
    }
  }

  @Test func aSecondCustomerSeesOnlyTheirOwnTasks() async throws {
    let harness = try await SandboxHarness.start()
    let first = try Customer(harness, "c1")
    let second = try Customer(harness, "c2")
    #expect(try await first.run("login", "--browser").status == 0)
    #expect(try await first.run("tasks", "add", "first's secret").status == 0)
    try await harness.control("browser", ["user": harness.sandbox.demoCustomers[1]])
    #expect(try await second.run("login", "--browser").status == 0)
    let theirs = try await second.run("tasks")
    #expect(theirs.stdout.split(separator: "\n") == ["4  [ ] Book the dentist", "5  [ ] Renew the passport"])
    #expect(try await second.run("tasks", "delete", "1").status == 1)
    #expect(try await second.run("tasks", "done", "7").status == 1)
    #expect(try await first.run("tasks").stdout.contains("1  [ ] Add a task"))
    await harness.sandbox.stop()
    let offline = try await first.run("tasks")
    #expect(offline.status == 4, "\(offline.stderr)")
    #expect(offline.stderr.contains("Could not reach the task service"))
    harness.directory.remove()
  }

  @Test func withoutTaskAPIItSaysWhatToSet() async throws {
    try await SandboxHarness.with { harness in
      let result = try await Customer(harness, "c1", taskAPI: false).run("tasks")
      #expect(result.status == 2)
      #expect(result.stderr.contains("taskAPI"))
    }
  }
}
