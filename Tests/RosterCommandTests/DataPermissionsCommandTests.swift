import Foundation
import TestSupport
import Testing

/// Issue 19 item 1 through the built binary against `roster sandbox`'s code: the local index
/// answers nothing the current token may no longer read.
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
}
