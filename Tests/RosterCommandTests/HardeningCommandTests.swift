import Foundation
import Sandbox
import TestSupport
import Testing

/// Issue 11 through the built binary, as a script or a person at a shell runs it, against an
/// in-process sandbox: transient token-endpoint faults (point 3), directory text in `status`
/// (4), symbol-only search words (7), and what a real tenant's token response looks like in
/// `status` (10, 13).
@Suite(.serialized) struct HardeningCommandTests {
  /// The account that signs in (first entry): escape sequences, an OSC 52 clipboard write and a
  /// bidi override in its display name.
  static let hostileName = "Eve\u{1B}]52;c;aGk=\u{07}\u{1B}[31m Admin\u{202E}nimda\u{1B}[0m"
  static var people: [[String: Any]] {
    [
      [
        "id": "30000000-0000-4000-8000-000000000001", "displayName": hostileName, "givenName": "Eve",
        "surname": "Admin",
        "mail": "eve@contoso.test", "userPrincipalName": "eve@contoso.test",
      ],
      [
        "id": "30000000-0000-4000-8000-000000000002", "displayName": "Jo Smith", "givenName": "Jo", "surname": "Smith",
        "mail": "jo.smith@contoso.test", "userPrincipalName": "jo.smith@contoso.test",
      ],
      [
        "id": "30000000-0000-4000-8000-000000000003", "displayName": "Ann Jones", "givenName": "Ann",
        "surname": "Jones",
        "mail": "ann.jones@contoso.test", "userPrincipalName": "ann.jones@contoso.test",
      ],
    ]
  }

  @Test func statusSanitisesDirectoryTextAndShowsWhatEntraGrants() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, _ in
      let text = try await roster.run(["status"])
      #expect(text.status == 0, "\(text.stderr)")
      #expect(text.stdout.contains("Eve"))
      for forbidden in ["\u{1B}", "\u{07}", "\u{202E}", "]52;"] {
        #expect(!text.stdout.contains(forbidden), "status printed \(forbidden.debugDescription)")
      }
      // Entra's spelling (point 10): short Graph names and the OpenID scopes granted.
      #expect(text.stdout.contains("Scopes:    User.Read User.Read.All profile openid email"), "\(text.stdout)")
      #expect(!text.stdout.contains("https://graph.microsoft.com/"))

      let json = try await roster.run(["status", "--json"])
      #expect(json.status == 0)
      #expect(!json.stdout.contains("\\u001b") && !json.stdout.contains("\u{202E}") && !json.stdout.contains("\\u202e"))
      let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      let account = try #require((report["accounts"] as? [[String: Any]])?.first)
      let name = try #require(account["displayName"] as? String)
      #expect(name.hasPrefix("Eve") && name.contains("Admin"))
      #expect(!name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
      // Point 13: the sandbox's default lifetime is 60–90 minutes, and Roster keeps what it said.
      let formatter = ISO8601DateFormatter()
      let expiry = try #require((account["accessTokenExpiresAt"] as? String).flatMap(formatter.date(from:)))
      let minutes = expiry.timeIntervalSinceNow / 60
      #expect(minutes > 55 && minutes <= 90, "expires in \(minutes) min")
    }
  }

  @Test func wordsOfSymbolsAloneDoNotEmptyASearch() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, _ in
      for query in [["smith", "&", "jo"], ["jo", "-", "smith"], ["jo / smith"], ["+", "smith"]] {
        let found = try await roster.run(["search"] + query + ["--csv"])
        #expect(found.status == 0, "\(query): \(found.stderr)")
        #expect(found.stdout.contains("Jo Smith"), "\(query) found: \(found.stdout)")
        #expect(!found.stdout.contains("Ann Jones"))
      }
    }
  }

  /// Each fault once, after the access token expired: the refresh is retried and the search
  /// works; the session is never ended.
  @Test(
    arguments: [
      ["kind": "status", "status": 503, "retry_after": "1"], ["kind": "status", "status": 500],
      ["kind": "status", "status": 429, "retry_after": "1"], ["kind": "malformed_json"],
    ] as [[String: any Sendable]])
  func aTransientTokenErrorIsRetriedNotASignOut(fault: [String: any Sendable]) async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, harness in
      try await harness.addFault(["kind": "expire_access_tokens"])
      try await harness.addFault(fault.merging(["match": "*/token", "count": 1]) { $1 })
      let search = try await roster.run(["search", "jo", "--csv"])
      #expect(search.status == 0, "\(fault): \(search.stderr)")
      #expect(search.stdout.contains("Jo Smith"))
      #expect(search.stderr.contains("sign-in service"), "the wait is announced: \(search.stderr)")
      #expect(!search.stderr.contains("Not signed in"))
      #expect(try await roster.run(["status"]).status == 0)
    }
  }

  @Test func aLastingOutageExitsFourAndTheSessionSurvivesIt() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, harness in
      try await harness.addFault(["kind": "expire_access_tokens"])
      try await harness.addFault(["match": "*/token", "kind": "status", "status": 503, "retry_after": "0"])
      let search = try await roster.run(["search", "jo"])
      #expect(search.status == 4, "service errors exit 4: \(search.stderr)")
      #expect(search.stderr.contains("sign-in service"))
      #expect(!search.stderr.contains("Not signed in"))
      let refresh = try await roster.run(["status", "--refresh"])
      #expect(refresh.status == 4, "\(refresh.stdout) \(refresh.stderr)")
      try await harness.clearFaults()
      let again = try await roster.run(["search", "jo", "--csv"])
      #expect(again.status == 0, "\(again.stderr)")
      #expect(again.stdout.contains("Jo Smith"))
    }
  }

  @Test func aRevokedRefreshTokenStillEndsTheSession() async throws {
    try await CommandTests.withSignedInRoster(people: Self.people) { roster, _, harness in
      try await harness.addFault(["kind": "expire_access_tokens"])
      try await harness.addFault(["kind": "revoke_refresh_tokens"])
      let search = try await roster.run(["search", "jo"])
      #expect(search.status == 3, "\(search.stderr)")
      #expect(search.stderr.contains("Not signed in"))
    }
  }
}
