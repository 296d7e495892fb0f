import Foundation
import RosterCore
import Sandbox
import TestSupport
import Testing

/// `roster index sync|status|forget`, `roster search --offline` and `roster logout` as a person
/// or a script runs them, including a sync killed with SIGKILL halfway through.
@Suite(.serialized) struct IndexCommandTests {
  @Test func syncKilledMidwayResumesAndTheCommandsReportIt() async throws {
    try await SandboxHarness.with(configure: {
      $0.size = 3000
      $0.approveAfter = .milliseconds(200)
    }) { harness in
      let scopes = ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"]
      let roster = harness.roster(extra: scopes)
      let signedOut = harness.roster(state: "nobody", extra: scopes)
      #expect(try await roster.run(["login", "--device-code"]).status == 0)
      let none = try await roster.run(["search", "--offline", "a"])
      #expect(none.status == 3 && none.stderr.contains("index sync"))
      #expect(try await roster.run(["show", "--offline", "aoife.oconnor@contoso.onmicrosoft.com"]).status == 3)
      #expect(try await roster.run(["index", "status"]).status == 1)
      #expect(try await signedOut.run(["index", "status"]).status == 3)

      // The fill's second page (`/v1.0/users` past its first 999 people) is held until the test
      // releases it, so the sync is caught between pages at a known point, whatever the machine's
      // load: no race between an added latency and the writer.
      let control = harness
      try await control.addFault(["match": "/v1.0/users", "kind": "hold", "after": 1])
      let process = Process()
      process.executableURL = try #require(RosterBinary.url)
      process.arguments = ["index", "sync"]
      process.environment = roster.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let cache = URL(fileURLWithPath: roster.environment["XDG_CACHE_HOME"]!).appendingPathComponent("roster")
      // Events, not durations: the second page is held, and the first page's people are written.
      // The bound only turns a sync that never gets there into a failure instead of a hang.
      var halfway = false
      let bound = ContinuousClock.now + .seconds(300)
      while !halfway, ContinuousClock.now < bound, process.isRunning {
        try await Task.sleep(for: .milliseconds(50))
        let rules = try await control.call("GET", "faults").json["rules"] as? [[String: Any]]
        guard (rules?.first?["held"] as? Int ?? 0) >= 1 else { continue }
        let status = try await roster.run(["index", "status", "--json"])
        let json = (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8))) as? [String: Any]
        halfway = ((json?["indexing"] as? Int) ?? 0) >= 999
      }
      #expect(halfway)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)

      // The last complete state (none yet) is readable; the unfinished part is reported.
      let killed = try await roster.run(["index", "status", "--json"])
      let killedJSON = try #require(try JSONSerialization.jsonObject(with: Data(killed.stdout.utf8)) as? [String: Any])
      #expect(killedJSON["complete"] as? Bool == false)
      #expect(try await roster.run(["search", "--offline", "a"]).status == 3)

      try await control.clearFaults()
      let resumed = try await roster.run(["index", "sync"])
      #expect(resumed.status == 0, "\(resumed.stderr)")
      // Everyone but the few generated people hidden from the address list (issue 19 item 3).
      let listed = try #require(try await control.call("GET", "info").json["listed"] as? Int)
      #expect((2900..<3000).contains(listed))
      let grouped = NumberText.grouped(listed)
      #expect(
        resumed.stderr.contains("Indexed \(grouped) people") || resumed.stderr.contains("Indexed \(listed) people"),
        "\(resumed.stderr)")
      let status = try await roster.run(["index", "status", "--json"])
      let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
      #expect(json["people"] as? Int == listed && json["complete"] as? Bool == true && json["indexing"] == nil)
      let text = try await roster.run(["index", "status"])
      #expect(text.stdout.contains("People:    \(grouped)") && text.stdout.contains("0600"))

      // Offline answers the same as online, and sends Graph nothing.
      try await control.call("DELETE", "requests")
      let offline = try await roster.run(["search", "--offline", "aoife", "--csv"])
      #expect(offline.status == 0 && offline.stdout.contains("aoife.oconnor@"))
      #expect(try await control.requests().isEmpty)
      let online = try await roster.run(["search", "aoife", "--csv"])
      #expect(Set(online.stdout.split(separator: "\r\n")) == Set(offline.stdout.split(separator: "\r\n")))

      // A change appears after the next sync; a second sync while none is needed is one request.
      try await control.call("PATCH", "users/aoife.oconnor@contoso.onmicrosoft.com", ["jobTitle": "Chief Indexer"])
      #expect(try await roster.run(["index", "sync"]).status == 0)
      #expect(try await roster.run(["search", "--offline", "aoife", "--json"]).stdout.contains("Chief Indexer"))

      // A mail client's `roster query` (on every Tab) answers from the index too: no request.
      try await control.call("DELETE", "requests")
      let query = try await roster.run(["query", "aoife"])
      #expect(query.status == 0 && query.stdout.contains("aoife.oconnor@") && query.stdout.contains("Chief Indexer"))
      #expect(try await control.requests().isEmpty, "roster query sent Graph a request despite the index")

      // `roster show --offline` by UPN (any case): the same person, manager chain and reports as
      // Graph's answer, and still no request.
      let key = "AOIFE.OConnor@contoso.onmicrosoft.com"
      let shownOffline = try await roster.run(["show", "--offline", key, "--json"])
      #expect(shownOffline.status == 0 && shownOffline.stderr.contains("From the local index"))
      #expect(try await control.requests().isEmpty, "roster show --offline sent Graph a request")
      let shownOnline = try await roster.run(["show", key, "--json"])
      func relations(_ text: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let chain = (object["managerChain"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let reports = (object["directReports"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        return [object["id"] as? String ?? "", object["jobTitle"] as? String ?? ""] + chain + reports.sorted()
      }
      #expect(try relations(shownOffline.stdout) == relations(shownOnline.stdout))
      #expect(try relations(shownOffline.stdout).count > 3)
      let unknown = try await roster.run(["show", "--offline", "nobody@contoso.onmicrosoft.com"])
      #expect(unknown.status == 1 && unknown.stderr.contains("No one in the local index"))

      #expect(try await roster.run(["index", "forget"]).status == 0)
      #expect(try await roster.run(["index", "status"]).status == 1)
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
      #expect(files.contains { $0.hasSuffix(".sqlite") })
      #expect(try await roster.run(["logout"]).status == 0)
      let after = try FileManager.default.contentsOfDirectory(atPath: cache.path)
      #expect(!after.contains { $0.hasSuffix(".sqlite") })
    }
  }
}
