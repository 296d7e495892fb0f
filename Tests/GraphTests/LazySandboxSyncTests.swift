import Foundation
import Graph
import Index
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing
import Transport

/// Issue 22 item 5 at a size a test can afford: the sandbox's computed people (what it serves
/// above 200,000) synced by the real client, then 1 % of them changed and the delta round that
/// follows, and the Graph endpoints a client reads them through.
@Suite struct LazySandboxSyncTests {
  typealias D = DeltaQueryTests

  @Test func aComputedTenantSyncsAndItsOnePercentDeltaIsWhatTheIndexThenHolds() async throws {
    try await SandboxGraph.run(directory: Directory.lazilyGenerated(seed: 1, size: 3000)) { harness in
      let fixture = try IndexFixture(harness)
      defer { fixture.remove() }
      let index = try fixture.open()
      let first = try await fixture.sync(index)
      #expect(first == .synced(full: true, changes: 3000, requests: 15))  // 200 a page, as Graph (issue 30)
      let info = try await harness.harness.call("GET", "info")
      let listed = info.json["listed"] as? Int ?? 0
      #expect((2900..<3000).contains(listed))
      let status = try index.status()
      #expect(status.people == listed && status.managersKnown)

      let churn = try await harness.harness.call("POST", "churn", ["count": 30])
      let changed = Set(churn.json["changed"] as? [String] ?? [])
      #expect(changed.count >= 25)
      let second = try await fixture.sync(index)
      guard case .synced(false, let changes, let requests) = second else {
        Issue.record("expected a delta round, got \(second)")
        return
      }
      #expect(requests == 1 && changes == changed.count)
      // Each changed person is in the index as Graph now answers for them, or gone with them.
      let base = harness.sandbox.baseURL.absoluteString
      for id in changed {
        let live = try await D.get(harness, base + "/v1.0/users/\(id)?$select=displayName,jobTitle,showInAddressList")
        let detail = try index.detail(id: id)
        if live.status == 404 || live.json["showInAddressList"] as? Bool == false {
          #expect(detail == nil, "\(id) should be gone")
        } else {
          #expect(live.status == 200)
          #expect(detail?.person.displayName?.string == live.json["displayName"] as? String)
          #expect(detail?.person.jobTitle?.string == live.json["jobTitle"] as? String)
        }
      }
      let infoAfter = try await harness.harness.call("GET", "info")
      let peopleAfter = try index.status().people
      #expect(peopleAfter == infoAfter.json["listed"] as? Int)
    }
  }

  @Test func theComputedTenantAnswersCountPeopleManagersAndSearch() async throws {
    try await SandboxGraph.run(directory: Directory.lazilyGenerated(seed: 2, size: 2000)) { harness in
      let base = harness.sandbox.baseURL.absoluteString
      let eventual = [(name: "ConsistencyLevel", value: "eventual")]
      let token = try await harness.tokens.accessToken(forceRefresh: false)
      let count = try await harness.harness.transport.send(
        HTTPRequest(
          url: URL(string: base + "/v1.0/users/$count")!,
          headers: [("Authorization", "Bearer " + token.exposedValue)] + eventual))
      #expect(String(decoding: count.body, as: UTF8.self) == "2000")

      let page = try await D.get(harness, base + "/v1.0/users?$top=999&$select=id,displayName,givenName")
      let users = D.values(page.json)
      #expect(users.count == 999 && page.json["@odata.nextLink"] != nil)
      let someone = users[700]
      let id = try #require(someone["id"] as? String)
      let one = try await D.get(harness, base + "/v1.0/users/\(id)")
      #expect(one.status == 200 && one.json["displayName"] as? String == someone["displayName"] as? String)
      let manager = try await D.get(harness, base + "/v1.0/users/\(id)/manager")
      if manager.status == 200 {
        let managerId = try #require(manager.json["id"] as? String)
        let reports = try await D.get(harness, base + "/v1.0/users/\(managerId)/directReports")
        #expect(D.values(reports.json).contains { $0["id"] as? String == id })
      } else {
        #expect(manager.status == 404)
      }
      let given = try #require(someone["givenName"] as? String)
      let found = try await harness.searchAll(given, pageSize: 999)
      #expect(found.contains { $0.id == id })
    }
  }
}
