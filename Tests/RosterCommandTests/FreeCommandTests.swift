import Foundation
import TestSupport
import Testing

/// `roster free` as a script runs it: usage mistakes (exit 2), signed out (exit 3), no such
/// person (exit 1), and a refused getSchedule naming Calendars.ReadBasic (exit 4), through the
/// built binary against the sandbox. The sandbox does not serve getSchedule yet, so the slots
/// themselves are tested in RosterCoreTests (ReachFreeSlotsTests) and the client in GraphTests.
@Suite(.serialized) struct FreeCommandTests {
  static var people: [[String: Any]] {
    [
      [
        "id": "30000000-0000-4000-8000-000000000001", "displayName": "Ada Free", "givenName": "Ada",
        "surname": "Free", "mail": "ada.free@contoso.test", "userPrincipalName": "ada.free@contoso.test",
      ]
    ]
  }

  @Test(arguments: [
    (["free"], "Missing expected argument"), (["free", "ada@contoso.test", "--duration", "2m"], "--duration takes"),
    (["free", "ada@contoso.test", "--duration", "soon"], "--duration takes"),
    (["free", "ada@contoso.test", "--day", "2026-02-30"], "--day takes"),
    (["free", "ada@contoso.test", "--room", " "], "--room needs"), (["free", " "], "is empty"),
    (["free", "ada@contoso.test", "--days", "30"], "--days takes 1 to 14"),
  ])
  func usageMistakesExitTwo(_ arguments: [String], _ message: String) async throws {
    let roster = RosterProcess(environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"])
    let result = try await roster.run(arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func signedOutNoSuchPersonAndARefusedScheduleExitAsDocumented() async throws {
    try await SandboxHarness.with(people: Self.people, configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let scopes = ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"]
      let roster = harness.roster(extra: scopes)
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")

      let signedOut = try await harness.roster(state: "nobody", extra: scopes).run(["free", "ada.free@contoso.test"])
      #expect(signedOut.status == 3, "\(signedOut.stderr)")

      let nobody = try await roster.run(["free", "nobody@contoso.test"])
      #expect(nobody.status == 1 && nobody.stderr.contains("No one in the directory"), "\(nobody.stderr)")

      try await harness.addFault(["match": "/v1.0/me/calendar/getSchedule*", "kind": "status", "status": 403])
      let refused = try await roster.run(["free", "ada.free@contoso.test", "--day", "2026-03-16"])
      #expect(refused.status == 4, "\(refused.stderr)")
      #expect(refused.stderr.contains("Calendars.ReadBasic"), "\(refused.stderr)")
      #expect(refused.stdout.isEmpty)
      let asked = try await harness.requests(pathPrefix: "/v1.0/me/calendar/getSchedule")
      #expect(asked.count == 1)
    }
  }
}
