import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// What `roster signins --follow` needs of the sandbox (issue 43 item 2): a sign-in added now
/// through `POST /_sandbox/signins` shows in the tenant's log and the person's, newest first and
/// under `createdDateTime gt`; and `/auditLogs/signIns` keeps Graph's reports limit, 5 requests per
/// 10 seconds per app (throttling-limits, "Identity and access reports service limits").
@Suite("Sign-in log: added sign-ins and the reports limit")
struct SignInInjectionAndLimitTests {
  /// The harness's people (50, seed 1).
  static let directory = Directory.generated(seed: 1, size: 50)
  static let ops = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Directory.Read.All"
  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func q(_ text: String) -> String { SandboxHarness.q(text) }

  @Test("an added failure is the newest in the tenant's log, the person's, and after the last seen")
  func addedFailureIsServed() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      let before = try await h.graph("/v1.0/auditLogs/signIns?$top=1", token: token)
      let newest = try #require(Self.values(before).first?["createdDateTime"] as? String)
      h.manualClock.advance(by: 60)
      let user = try #require(Self.directory.users.dropFirst(3).first)
      let added = try await h.call(
        "POST", "signins", ["user": user.userPrincipalName, "errorCode": 53003, "app": "Payroll \u{1B}[2J"])
      #expect(added.status == 201, "\(added.json)")
      let id = try #require(added.json["id"] as? String)

      let tenant = try await h.graph("/v1.0/auditLogs/signIns?$top=5", token: token)
      let first = try #require(Self.values(tenant).first)
      #expect(first["id"] as? String == id && first["userId"] as? String == user.id)
      #expect(first["userDisplayName"] as? String == user.displayName)
      #expect((first["status"] as? [String: Any])?["errorCode"] as? Int == 53003)

      let since = try await h.graph(
        "/v1.0/auditLogs/signIns?$filter=" + Self.q("status/errorCode ne 0 and createdDateTime gt \(newest)"),
        token: token)
      #expect(Self.values(since).compactMap { $0["id"] as? String }.contains(id), "\(since.text)")
      let theirs = try await h.graph(
        "/v1.0/auditLogs/signIns?$filter=" + Self.q("userId eq '\(user.id)'"), token: token)
      #expect(Self.values(theirs).first?["id"] as? String == id)
      let someoneElse = try #require(Self.directory.users.dropFirst(4).first)
      let others = try await h.graph(
        "/v1.0/auditLogs/signIns?$filter=" + Self.q("userId eq '\(someoneElse.id)'"), token: token)
      #expect(!Self.values(others).contains { $0["id"] as? String == id })

      // Late: a sign-in two minutes old when it reaches the log, as Graph's arrive.
      let late = try await h.call("POST", "signins", ["user": user.id, "secondsAgo": 120])
      #expect(late.status == 201 && late.json["errorCode"] as? Int == 50126)

      #expect(try await h.call("DELETE", "signins").status == 204)
      let cleared = try await h.graph("/v1.0/auditLogs/signIns?$top=5", token: token)
      #expect(!Self.values(cleared).contains { $0["id"] as? String == id })
    }
  }

  @Test("a malformed addition or an unknown person is refused with a sentence")
  func badAdditionsAreRefused() async throws {
    try await SandboxHarness.withManualClock { h in
      #expect(try await h.call("POST", "signins", ["errorCode": 1]).status == 400)
      #expect(try await h.call("POST", "signins", ["user": "x", "errorCode": "many"]).status == 400)
      let unknown = try await h.call("POST", "signins", ["user": "nobody@nowhere.example"])
      #expect(unknown.status == 404 && (unknown.json["error"] as? String)?.contains("nobody") == true)
    }
  }

  @Test("the sixth request in 10 seconds is a 429 with Retry-After; the next window serves again")
  func reportsLimit() async throws {
    try await SandboxHarness.withManualClock({ $0.limits.reportsRequestsPerWindow = 5 }) { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      for _ in 0..<5 {
        #expect(try await h.graph("/v1.0/auditLogs/signIns?$top=1", token: token).status == 200)
      }
      let refused = try await h.graph("/v1.0/auditLogs/signIns?$top=1", token: token)
      #expect(refused.status == 429 && refused.json["error"] != nil)
      let wait = try #require(refused.header("Retry-After").flatMap(Int.init))
      #expect((1...10).contains(wait))
      // Other identity requests are not the reports service's to limit.
      #expect(try await h.graph("/v1.0/me", token: token).status == 200)
      h.manualClock.advance(by: Double(wait))
      #expect(try await h.graph("/v1.0/auditLogs/signIns?$top=1", token: token).status == 200)
      // One request every 10 seconds — what `--follow --every 10s` sends at most per page — never meets it.
      for _ in 0..<30 {
        h.manualClock.advance(by: 10)
        #expect(try await h.graph("/v1.0/auditLogs/signIns?$top=1", token: token).status == 200)
      }
    }
  }
}
