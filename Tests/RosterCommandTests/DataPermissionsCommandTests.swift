import Foundation
import TestSupport
import Testing

/// Issue 19 items 1 and 3 through the built binary against `roster sandbox`'s code: the local
/// index answers nothing the current token may no longer read, and people hidden from the address
/// list are in no search, no index and no `roster query`, yet `roster show` finds them by address.
@Suite(.serialized) struct DataPermissionsCommandTests {
  static let fullScopes = ["ROSTER_SCOPES": "openid profile offline_access User.Read User.Read.All"]
  static let basicScopes = ["ROSTER_SCOPES": "openid profile offline_access User.Read User.ReadBasic.All"]

  /// A small organisation: Megan manages Alex (phones, office, title) and the two Pats; Pat
  /// Hidden is hidden from the address list, Pat Shown says so explicitly.
  static var people: [[String: Any]] {
    [
      [
        "id": "me", "displayName": "Adele Vance", "userPrincipalName": "adele@contoso.test",
        "mail": "adele@contoso.test",
        "jobTitle": "Retail Manager", "manager": "megan",
      ],
      [
        "id": "megan", "displayName": "Megan Bowen", "userPrincipalName": "megan@contoso.test",
        "mail": "megan@contoso.test", "jobTitle": "Chief Executive",
      ],
      [
        "id": "alex", "displayName": "Alex Wilber", "userPrincipalName": "alex@contoso.test",
        "mail": "alex@contoso.test",
        "jobTitle": "Marketing Assistant", "department": "Marketing", "officeLocation": "Building 7/1234",
        "businessPhones": ["+1 425 555 0109"], "mobilePhone": "+1 425 555 0199", "manager": "megan",
      ],
      [
        "id": "pat-hidden", "displayName": "Pat Hidden", "userPrincipalName": "pat.hidden@contoso.test",
        "mail": "pat.hidden@contoso.test", "jobTitle": "Investigator", "manager": "megan", "showInAddressList": false,
      ],
      [
        "id": "pat-shown", "displayName": "Pat Shown", "userPrincipalName": "pat.shown@contoso.test",
        "mail": "pat.shown@contoso.test", "jobTitle": "Analyst", "manager": "megan", "showInAddressList": true,
      ],
    ]
  }

  @Test func anIndexFilledWithFullProfilesAnswersNothingABasicTokenMayNotRead() async throws {
    try await SandboxHarness.with(people: Self.people, configure: { $0.approveAfter = .milliseconds(200) }) {
      harness in
      let full = harness.roster(extra: Self.fullScopes)
      let basic = harness.roster(extra: Self.basicScopes)
      #expect(try await full.run(["login", "--device-code"]).status == 0)
      #expect(try await full.run(["index", "sync"]).status == 0)
      let filled = try await full.run(["show", "--offline", "alex@contoso.test"])
      #expect(filled.status == 0 && filled.stdout.contains("+1 425 555 0109"), "\(filled.stdout)")
      #expect(filled.stdout.contains("Manager: Megan Bowen"))

      // The same account signs in again with only User.ReadBasic.All (consent withdrawn).
      let relogin = try await basic.run(["login", "--device-code"])
      #expect(relogin.status == 0, "\(relogin.stderr)")
      let shown = try await basic.run(["show", "--offline", "alex@contoso.test"])
      #expect(shown.status == 0, "\(shown.stderr)")
      for secret in ["+1 425 555 0109", "+1 425 555 0199", "Building 7", "Marketing", "Megan Bowen", "Reporting line"] {
        #expect(!shown.stdout.contains(secret), "show --offline still prints \(secret): \(shown.stdout)")
      }
      #expect(shown.stdout.contains("Manager: not shown (reading managers needs User.Read.All)"))
      let json = try await basic.run(["show", "--offline", "alex@contoso.test", "--json"])
      #expect(json.status == 0 && !json.stdout.contains("555") && !json.stdout.contains("Marketing"), "\(json.stdout)")
      let searched = try await basic.run(["search", "--offline", "alex", "--json"])
      #expect(searched.status == 0 && searched.stdout.contains("alex@contoso.test"), "\(searched.stderr)")
      #expect(!searched.stdout.contains("Marketing Assistant") && !searched.stdout.contains("555"))
      let query = try await basic.run(["query", "alex"])
      #expect(query.status == 0 && query.stdout.contains("alex@contoso.test"), "\(query.stderr)")
      #expect(!query.stdout.contains("Marketing Assistant"), "\(query.stdout)")
      let status = try await basic.run(["index", "status"])
      #expect(status.stdout.contains("basic profiles only") && status.stdout.contains("managers not readable"))

      // Consent back: the next sync is a full one, and the index holds full profiles again.
      #expect(try await full.run(["login", "--device-code"]).status == 0)
      let resync = try await full.run(["index", "sync"])
      #expect(resync.status == 0 && resync.stderr.contains("Indexed"), "\(resync.stderr)")
      let refilled = try await full.run(["show", "--offline", "alex@contoso.test"])
      #expect(refilled.stdout.contains("+1 425 555 0109") && refilled.stdout.contains("Manager: Megan Bowen"))
      #expect(try await full.run(["index", "status"]).stdout.contains("full profiles"))
    }
  }

  @Test func peopleHiddenFromTheAddressListAreFoundOnlyByTheirAddress() async throws {
    try await SandboxHarness.with(people: Self.people, configure: { $0.approveAfter = .milliseconds(200) }) {
      harness in
      let roster = harness.roster(extra: Self.fullScopes)
      let live = harness.roster(extra: Self.fullScopes.merging(["ROSTER_INDEX": "off"]) { $1 })
      #expect(try await roster.run(["login", "--device-code"]).status == 0)

      // Live search: Graph returns Pat Hidden; Roster lists only Pat Shown.
      let searched = try await roster.run(["search", "pat", "--csv"])
      #expect(searched.status == 0 && searched.stdout.contains("pat.shown@"), "\(searched.stderr)")
      #expect(!searched.stdout.contains("pat.hidden@"), "\(searched.stdout)")
      let liveQuery = try await live.run(["query", "pat"])
      #expect(liveQuery.stdout.contains("pat.shown@") && !liveQuery.stdout.contains("pat.hidden@"), "\(liveQuery)")

      // The exact address finds them, and `show` says they are hidden.
      let exact = try await roster.run(["search", "PAT.HIDDEN@contoso.test", "--csv"])
      #expect(exact.status == 0 && exact.stdout.contains("pat.hidden@"), "\(exact.stdout)")
      let shown = try await roster.run(["show", "pat.hidden@contoso.test"])
      #expect(shown.status == 0 && shown.stdout.contains("Hidden from the address list"), "\(shown.stdout)")
      let visible = try await roster.run(["show", "pat.shown@contoso.test"])
      #expect(visible.status == 0 && !visible.stdout.contains("Hidden from the address list"))

      // Not in the index: not offline, not in `roster query` from the index.
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let status = try await roster.run(["index", "status", "--json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
      #expect(object["people"] as? Int == Self.people.count - 1)
      let offline = try await roster.run(["search", "--offline", "pat", "--csv"])
      #expect(offline.stdout.contains("pat.shown@") && !offline.stdout.contains("pat.hidden@"), "\(offline.stdout)")
      try await harness.call("DELETE", "requests")
      let query = try await roster.run(["query", "pat"])
      #expect(query.stdout.contains("pat.shown@") && !query.stdout.contains("pat.hidden@"), "\(query.stdout)")
      #expect(try await harness.requests().isEmpty, "roster query answered from the index")
      #expect(try await roster.run(["show", "--offline", "pat.hidden@contoso.test"]).status == 1)

      // Hiding someone later takes them out of the index at the next sync.
      let patch = try await harness.call("PATCH", "users/pat.shown@contoso.test", ["showInAddressList": false])
      #expect(patch.status == 200, "\(patch.json)")
      #expect(try await roster.run(["index", "sync"]).status == 0)
      let after = try await roster.run(["search", "--offline", "pat", "--csv"])
      #expect(!after.stdout.contains("pat.shown@") && !after.stdout.contains("pat.hidden@"), "\(after.stdout)")
    }
  }
}
