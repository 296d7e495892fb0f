import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import Sandbox

/// Graph's resource-unit throttling (issue 30): costs by path, the budget by tenant size, 429 with
/// `Retry-After` and the `x-ms-throttle-*` headers, `$batch` counted request by request, the
/// counters a benchmark reads, and `.generous` without any of it.
@Suite("Graph resource-unit throttling")
struct ThrottleTests {
  typealias G = GroupGraphTests

  static func cost(_ path: String, _ query: String = "") -> Int? {
    ResourceUnitCost.of(
      IncomingRequest(
        method: "GET", path: "/v1.0/\(path)", rawQuery: query, query: FormFields(query), headers: HTTPFields(),
        body: "", base: "http://localhost", isLoopbackPeer: true))
  }

  @Test("costs follow Graph's table and its $select, $expand and $top rules, never below 1")
  func costs() {
    #expect(Self.cost("users") == 2)
    #expect(Self.cost("users", "$select=id") == 1)
    #expect(Self.cost("users", "$top=5") == 1)
    #expect(Self.cost("users", "$top=20") == 2)
    #expect(Self.cost("users", "$select=id&$top=5") == 1)
    #expect(Self.cost("users/delta") == 1)
    #expect(Self.cost("users/x@contoso.com", "$expand=manager") == 2)
    #expect(Self.cost("me") == 1)
    #expect(Self.cost("me/memberOf") == 2)
    #expect(Self.cost("users/abc/transitiveMemberOf/microsoft.graph.group") == 2)
    #expect(Self.cost("groups/abc/members") == 3)
    #expect(Self.cost("groups/abc/members", "$select=id") == 2)
    #expect(Self.cost("groups/abc/transitiveMembers") == 5)
    #expect(Self.cost("groups/abc/owners") == 1)
    #expect(Self.cost("groups/delta") == 1)
    // Other services' limits, and the batch itself: not charged here.
    #expect(Self.cost("me/photo/$value") == nil)
    #expect(Self.cost("users/abc/photos/48x48/$value") == nil)
    #expect(Self.cost("places/microsoft.graph.room") == nil)
    #expect(Self.cost("communications/getPresencesByUserId") == nil)
    #expect(Self.cost("$batch") == nil)
  }

  @Test("budget by tenant size: S under 50, M 50 to 500, L above 500; the header's share to two decimals")
  func sizes() {
    #expect(GraphEndpoints.percentage(0.8) == "0.8")
    #expect(GraphEndpoints.percentage(0.29) == "0.29")
    #expect(GraphEndpoints.percentage(0.8567) == "0.85")
    #expect(GraphEndpoints.percentage(1) == "1")
    #expect(ResourceUnitBudget.units(forPeople: 49) == 3_500)
    #expect(ResourceUnitBudget.units(forPeople: 50) == 5_000)
    #expect(ResourceUnitBudget.units(forPeople: 500) == 5_000)
    #expect(ResourceUnitBudget.units(forPeople: 501) == 8_000)
  }

  @Test("a window spends up to its budget, refuses what does not fit, and opens again after 10 s")
  func window() {
    let budget = ResourceUnitBudget()
    let start = Date(timeIntervalSince1970: 1_000)
    #expect(budget.charge(app: "a", cost: 4, budget: 10, now: start) == .served(used: 0.4))
    #expect(budget.charge(app: "a", cost: 4, budget: 10, now: start) == .served(used: 0.8))
    #expect(budget.charge(app: "a", cost: 4, budget: 10, now: start) == .throttled(retryAfter: 10, used: 1.2))
    #expect(budget.charge(app: "b", cost: 4, budget: 10, now: start) == .served(used: 0.4))
    #expect(budget.charge(app: "a", cost: 2, budget: 10, now: start.addingTimeInterval(9.5)) == .served(used: 1))
    #expect(
      budget.charge(app: "a", cost: 1, budget: 10, now: start.addingTimeInterval(9.5))
        == .throttled(retryAfter: 1, used: 1.5))
    #expect(budget.charge(app: "a", cost: 4, budget: 10, now: start.addingTimeInterval(10)) == .served(used: 0.4))
  }

  @Test("over HTTP: headers near the limit, a Graph 429 past it, $batch inside it, and the stats")
  func overHTTP() async throws {
    try await SandboxHarness.withManualClock({ $0.limits.resourceUnitsPerWindow = 10 }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      var percentages: [String?] = []
      for _ in 0..<5 {
        let reply = try await h.graph("/v1.0/users", token: token)
        #expect(reply.status == 200 && reply.header("x-ms-resource-unit") == "2")
        percentages.append(reply.header("x-ms-throttle-limit-percentage"))
      }
      #expect(percentages == [nil, nil, nil, "0.8", "1"])

      let refused = try await h.graph("/v1.0/users?$select=id", token: token)
      #expect(refused.status == 429)
      GraphShape.expectError(refused, code: "TooManyRequests")
      #expect(refused.header("Retry-After") == "10")
      #expect(refused.header("x-ms-throttle-information") == "ResourceUnitLimitExceeded")
      #expect(
        refused.header("x-ms-throttle-scope")
          == "Tenant_Application/ReadWrite/\(h.sandbox.clientId)/\(h.sandbox.tenantId)")
      #expect(refused.header("x-ms-throttle-limit-percentage") == "1.1")
      // A photo is Outlook's to limit, not the directory's.
      #expect(try await h.graph("/v1.0/me/photos/48x48/$value", token: token).status != 429)

      let batch = try await h.send(
        "POST", "/v1.0/$batch", headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
        body: #"{"requests":[{"id":"1","method":"GET","url":"/me"},{"id":"2","method":"GET","url":"/users"}]}"#)
      #expect(batch.status == 200)
      let inner = try #require(batch.json["responses"] as? [[String: Any]])
      #expect(inner.map { $0["status"] as? Int } == [429, 429])
      let innerHeaders = inner.first?["headers"] as? [String: Any] ?? [:]
      #expect(innerHeaders["Retry-After"] as? String == "10")
      #expect(innerHeaders["x-ms-throttle-information"] as? String == "ResourceUnitLimitExceeded")

      h.manualClock.advance(by: 10)
      let again = try await h.graph("/v1.0/users", token: token)
      #expect(again.status == 200 && again.header("x-ms-throttle-limit-percentage") == nil)

      // An injected 429 is counted with the budget's.
      _ = try await h.postJSON("/_sandbox/faults", #"{"kind":"status","status":429,"match":"/v1.0/me","count":1}"#)
      #expect(try await h.graph("/v1.0/me", token: token).status == 429)

      let stats = try await h.get("/_sandbox/stats").json
      #expect(stats["resourceUnits"] as? Int == 12)
      #expect(stats["throttled"] as? Int == 4)
      // The faulted request never reached Graph.
      #expect(stats["graphRequests"] as? Int == 11)
      #expect((stats["requests"] as? Int ?? 0) >= 11)
      #expect(h.sandbox.stats().throttled == 4)
      #expect(try await h.delete("/_sandbox/stats").status == 204)
      #expect(h.sandbox.stats() == SandboxStats())
    }
  }

  @Test("generous: no budget, no throttle headers, the units still counted")
  func generous() async throws {
    try await SandboxHarness.withManualClock({
      $0.limits = .generous
      $0.limits.resourceUnitsPerWindow = 10
    }) { h in
      let token = try await h.signIn(scope: G.groupScope).accessToken
      for _ in 0..<10 {
        let reply = try await h.graph("/v1.0/users", token: token)
        #expect(reply.status == 200 && reply.header("x-ms-resource-unit") == nil)
      }
      #expect(h.sandbox.stats().resourceUnits == 20 && h.sandbox.stats().throttled == 0)
    }
  }
}
