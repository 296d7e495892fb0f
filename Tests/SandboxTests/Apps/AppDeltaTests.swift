import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/applications/delta` and `/servicePrincipals/delta` over HTTP: a first round over pages with
/// credentials selected, a quiet round, the generated churn seen once its time comes (a rename, a
/// new secret, a disabled and a removed enterprise app), a permanent removal, and the
/// `Directory.Read.All` rule (`Application.Read.All` alone is 403).
@Suite("Graph v1.0 applications and service principals: delta")
struct AppDeltaTests {
  static let directoryScope = "openid profile offline_access User.Read Application.Read.All Directory.Read.All"
  static let small = [("Prefer", "odata.maxpagesize=10")]

  static func values(_ reply: Reply) -> [[String: Any]] { DeviceGraphTests.values(reply) }
  static func removal(_ value: [String: Any]) -> String? { (value["@removed"] as? [String: Any])?["reason"] as? String }

  @Test("delta: first round in pages with credentials, then the scheduled changes, removals marked")
  func rounds() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.directoryScope).accessToken
      let tenant = try #require(h.sandbox.tenant)
      let before = tenant.appRegistrations
      let select = "$select=displayName,passwordCredentials,keyCredentials"
      let first = try await DeviceGraphTests.all(
        h, token, from: "/v1.0/applications/delta?\(select)", headers: Self.small)
      #expect(first.pages == (before.applications.count + 9) / 10)
      #expect(Set(first.values.compactMap { $0["id"] as? String }) == Set(before.applications.map(\.id)))
      #expect(
        first.values.allSatisfy { Set($0.keys) == ["id", "displayName", "passwordCredentials", "keyCredentials"] })
      #expect(first.values.contains { ($0["passwordCredentials"] as? [[String: Any]])?.first?["hint"] != nil })
      #expect(first.last["@odata.context"]?.hasSuffix("#applications(\(select.dropFirst(8)))") == true)
      let link = try #require(first.last["@odata.deltaLink"])
      let spFirst = try await DeviceGraphTests.all(
        h, token, from: "/v1.0/servicePrincipals/delta?$select=accountEnabled")
      #expect(spFirst.values.count == before.servicePrincipals.count)
      let spLink = try #require(spFirst.last["@odata.deltaLink"])
      let quiet = try await h.graph(link, token: token)
      #expect(quiet.status == 200 && Self.values(quiet).isEmpty && quiet["@odata.deltaLink"] != nil)

      // The generated churn: ten minutes in, a rename and a new secret; twenty in, a soft delete.
      h.manualClock.advance(by: 21 * 60)
      let changed = try await h.graph(link, token: token)
      #expect(changed.status == 200, "\(changed.text.prefix(300))")
      let values = Self.values(changed)
      #expect(values.count == 3)
      #expect(values.contains { ($0["displayName"] as? String)?.hasSuffix("(renamed)") == true })
      #expect(
        values.contains { value in
          (value["passwordCredentials"] as? [[String: Any]])?.contains { $0["displayName"] as? String == "rotated" }
            == true
        })
      let softDeleted = try #require(values.first { Self.removal($0) != nil })
      #expect(Self.removal(softDeleted) == "changed" && Set(softDeleted.keys) == ["id", "@removed"])
      let gone = try #require(softDeleted["id"] as? String)
      #expect(try await h.graph("/v1.0/applications/\(gone)", token: token).status == 404)
      // Its enterprise app went with it; another was disabled and one renamed.
      let spChanges = Self.values(try await h.graph(spLink, token: token))
      #expect(spChanges.count == 3)
      #expect(spChanges.contains { Self.removal($0) == "changed" })
      #expect(spChanges.contains { $0["accountEnabled"] as? Bool == false })

      // A permanent delete through the history: reason "deleted".
      let next = try #require(changed["@odata.deltaLink"])
      let victim = try #require(tenant.appRegistrations.applications.last)
      try tenant.appHistory.apply([.removeApplication(id: victim.id, permanent: true)])
      let hard = Self.values(try await h.graph(next, token: token))
      #expect(hard.contains { $0["id"] as? String == victim.id && Self.removal($0) == "deleted" })
    }
  }

  @Test("delta: Directory.Read.All needed; bad tokens and options refused; id filter")
  func rules() async throws {
    try await SandboxHarness.withManualClock { h in
      let reader = try await h.signIn(scope: AppGraphTests.appScope).accessToken
      for path in ["/v1.0/applications/delta", "/v1.0/servicePrincipals/delta"] {
        let denied = try await h.graph(path, token: reader)
        #expect(denied.status == 403)
        GraphShape.expectError(denied, code: "Authorization_RequestDenied")
      }
      #expect(try await h.graph("/v1.0/applications", token: reader).status == 200)
      let token = try await h.signIn(scope: Self.directoryScope).accessToken
      let garbled = try await h.graph("/v1.0/applications/delta?$deltatoken=nonsense", token: token)
      GraphShape.expectError(garbled, code: "syncStateNotFound")
      let appLink = try #require(try await h.graph("/v1.0/applications/delta", token: token)["@odata.deltaLink"])
      let token2 = try #require(appLink.split(separator: "=").last)
      let crossed = try await h.graph("/v1.0/servicePrincipals/delta?$deltatoken=\(token2)", token: token)
      GraphShape.expectError(crossed, code: "syncStateNotFound")
      #expect(try await h.graph("/v1.0/applications/delta?$top=5", token: token).status == 400)
      let latest = try await h.graph("/v1.0/servicePrincipals/delta?$deltatoken=latest", token: token)
      #expect(Self.values(latest).isEmpty && latest["@odata.deltaLink"] != nil)
      let tenant = try #require(h.sandbox.tenant)
      let one = try #require(tenant.appRegistrations.applications.first)
      let filtered = try await h.graph(
        "/v1.0/applications/delta?$filter=\(SandboxHarness.q("id eq '\(one.id)'"))", token: token)
      #expect(Self.values(filtered).compactMap { $0["id"] as? String } == [one.id])
    }
  }
}
