import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// The tenant-wide reports msgraph-sdk lists: the registration report as a collection and the
/// sign-in log without a `userId` filter, each with Graph's paging, filters and gates.
@Suite("Graph v1.0 as the SDKs call it: registration report and sign-in log")
struct SDKReportTests {
  static let ops = "openid profile offline_access User.Read User.Read.All AuditLog.Read.All Directory.Read.All"
  static let report = "/v1.0/reports/authenticationMethods/userRegistrationDetails"

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }

  static func with(
    _ configure: @escaping (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (SandboxHarness) async throws -> Void
  ) async throws {
    try await SandboxHarness.withManualClock(
      {
        $0.size = 300
        configure(&$0)
      }, body)
  }

  /// Every entry of a list, following `@odata.nextLink`.
  static func all(_ h: SandboxHarness, _ path: String, _ token: String) async throws -> [[String: Any]] {
    var entries: [[String: Any]] = []
    var next: String? = path
    while let link = next {
      let page = try await h.graph(link, token: token)
      #expect(page.status == 200, "\(page.text)")
      entries += values(page)
      next = page["@odata.nextLink"]
    }
    return entries
  }

  @Test("userRegistrationDetails as a list: everyone once over pages, $filter eq/and, $orderby, gates")
  func registrationList() async throws {
    try await Self.with { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      let first = try await h.graph("\(Self.report)?$top=40", token: token)
      #expect(first.status == 200, "\(first.text)")
      #expect(
        first["@odata.context"]?.hasSuffix("$metadata#reports/authenticationMethods/userRegistrationDetails") == true)
      #expect(Self.values(first).count == 40 && first["@odata.nextLink"] != nil)
      let everyone = try await Self.all(h, "\(Self.report)?$top=70", token)
      let ids = everyone.compactMap { $0["id"] as? String }
      #expect(ids.count == 300 && Set(ids).count == 300)

      let one = try await h.graph("\(Self.report)/\(ids[7])", token: token)
      #expect(one["userPrincipalName"] == everyone[7]["userPrincipalName"] as? String)

      let without = try await Self.all(
        h, "\(Self.report)?$filter=\(SandboxHarness.q("isMfaRegistered eq false"))", token)
      #expect(!without.isEmpty && without.count < 300)
      #expect(without.allSatisfy { $0["isMfaRegistered"] as? Bool == false })
      let guests = try await Self.all(
        h, "\(Self.report)?$filter=\(SandboxHarness.q("userType eq 'guest' and isAdmin eq false"))", token)
      #expect(!guests.isEmpty)
      #expect(guests.allSatisfy { $0["userType"] as? String == "guest" && $0["isAdmin"] as? Bool == false })
      #expect(
        try await h.graph("\(Self.report)?$filter=\(SandboxHarness.q("jobTitle eq 'x'"))", token: token).status == 400)
      #expect(
        try await h.graph("\(Self.report)?$filter=\(SandboxHarness.q("isAdmin eq 'yes'"))", token: token).status == 400)

      let sorted = Self.values(
        try await h.graph("\(Self.report)?$orderby=userPrincipalName%20desc&$top=999", token: token))
      let names = sorted.compactMap { ($0["userPrincipalName"] as? String)?.lowercased() }
      #expect(names.count == 300 && names == names.sorted(by: >))
      #expect(try await h.graph("\(Self.report)?$orderby=isAdmin", token: token).status == 400)

      let basic = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      #expect(try await h.graph(Self.report, token: basic).status == 403)
    }
    try await Self.with({ $0.premium = false }) { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      #expect(try await h.graph(Self.report, token: token).status == 403)
    }
    try await Self.with({ $0.reportsReaders = [] }) { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      #expect(try await h.graph(Self.report, token: token).status == 403)
    }
  }

  @Test("auditLogs/signIns without userId: the tenant's log, newest first, filters, $top and pages")
  func tenantSignIns() async throws {
    try await Self.with { h in
      let token = try await h.signIn(scope: Self.ops).accessToken
      let first = try await h.graph("/v1.0/auditLogs/signIns", token: token)
      #expect(first.status == 200, "\(first.text)")
      #expect(Self.values(first).count == 1_000 && first["@odata.nextLink"] != nil)
      let users = Set(Self.values(first).compactMap { $0["userId"] as? String })
      #expect(users.count > 20)

      let everything = try await Self.all(h, "/v1.0/auditLogs/signIns?$top=500", token)
      let times = everything.compactMap { $0["createdDateTime"] as? String }
      #expect(times.count == everything.count && times == times.sorted(by: >))
      let ids = everything.compactMap { $0["id"] as? String }
      #expect(Set(ids).count == ids.count)

      let pivot = times[times.count / 2]
      let failed = try await Self.all(
        h,
        "/v1.0/auditLogs/signIns?$filter="
          + SandboxHarness.q("status/errorCode ne 0 and createdDateTime lt \(pivot)"), token)
      #expect(!failed.isEmpty)
      #expect(
        failed.allSatisfy {
          ($0["status"] as? [String: Any])?["errorCode"] as? Int != 0
            && ($0["createdDateTime"] as? String ?? "") < pivot
        })
      let since = try await Self.all(
        h, "/v1.0/auditLogs/signIns?$filter=" + SandboxHarness.q("createdDateTime gt \(pivot)"), token)
      #expect(since.allSatisfy { ($0["createdDateTime"] as? String ?? "") > pivot })
      let atOrAfter = try await Self.all(
        h, "/v1.0/auditLogs/signIns?$filter=" + SandboxHarness.q("createdDateTime ge \(pivot)"), token)
      #expect(atOrAfter.count > since.count)
      #expect(try await h.graph("/v1.0/auditLogs/signIns?$top=1001", token: token).status == 400)
    }
  }
}
