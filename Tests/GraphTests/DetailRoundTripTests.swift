import Foundation
import RosterCore
import Testing
import Transport

@testable import Graph

/// The detail in one round trip (`$batch` with the manager chain expanded), presence in batches,
/// and `x-ms-throttle-priority` on what a person waits for.
@Suite(.serialized) struct DetailRoundTripTests {
  @Test func detailOfSomeoneDeepDownIsOneRequestWithTheWholeChain() async throws {
    try await SandboxGraph.run(size: 300) { graph async throws in
      let everyone = try await graph.searchAll("a", pageSize: 999)
      var deepest: PersonDetail?
      for person in everyone.prefix(60) {
        try await graph.harness.clearRequests()
        let detail = try await graph.client.personDetail(person.id, { _ in })
        let log = try await graph.harness.requests()
        #expect(log.map(\.path) == ["/v1.0/$batch"], "one round trip for \(person.id)")
        if detail.managerChain.count > (deepest?.managerChain.count ?? 0) { deepest = detail }
      }
      let detail = try #require(deepest)
      #expect(detail.managerChain.count >= 2)
      // The chain is the managers' managers, ending at the top of the organisation.
      for (index, manager) in detail.managerChain.enumerated() {
        let theirs = try await graph.client.personDetail(manager.id, { _ in })
        #expect(theirs.managerChain.map(\.id) == Array(detail.managerChain.dropFirst(index + 1)).map(\.id))
        let below = index == 0 ? detail.person : detail.managerChain[index - 1]
        #expect(theirs.directReports.contains { $0.id == below.id })
      }
    }
  }

  @Test func aThrottledRequestInsideTheBatchRetriesTheBatchAfterItsRetryAfter() async throws {
    let user = try Fixture.text("user-detail")
    let throttled = """
      {"responses":[{"id":"person","status":429,"headers":{"Retry-After":"2"},
        "body":{"error":{"code":"TooManyRequests","message":"Please retry again later."}}},
      {"id":"reports","status":200,"body":{"value":[]}}]}
      """
    let fine = """
      {"responses":[{"id":"reports","status":200,"body":{"value":[]}},{"id":"person","status":200,"body":\(user)}]}
      """
    let graph = try GraphHarness([.json(200, throttled), .json(200, fine)])
    let detail = try await graph.client.personDetail("87d349ed-44d7-43e1-9a83-5f2406dee5bd", graph.notices.callback)
    #expect(detail.person.displayName == "Anna Lindqvist")
    #expect(graph.sleep.recorded == [.seconds(2)])
    #expect(graph.notices.all.map(\.reason) == [.throttled])
    #expect(graph.transport.requests.count == 2)
  }

  @Test func presenceGoesInBatchesOf650AtLowPriorityAndNeedsItsPermission() async throws {
    let ids = (0..<700).map { "id-\($0)" }
    let graph = try GraphHarness(
      [],
      fallback: { request in
        let sent = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: [String]]
        let values = (sent?["ids"] ?? []).map { #"{"id":"\#($0)","availability":"Busy","activity":"InACall"}"# }
        return HTTPResponse(status: 200, body: Data(#"{"value":[\#(values.joined(separator: ","))]}"#.utf8))
      })
    let presences = try await graph.client.presences(ids)
    #expect(presences.count == 700)
    #expect(presences["id-699"] == Presence(availability: .busy, activity: "InACall"))
    let requests = graph.transport.requests
    #expect(requests.map(\.method) == ["POST", "POST"])
    #expect(requests.allSatisfy { $0.url.path.hasSuffix("/communications/getPresencesByUserId") })
    #expect(requests.allSatisfy { $0.header("x-ms-throttle-priority") == "Low" })

    let denied = try GraphHarness([
      .graphError(403, code: "Forbidden", message: "Insufficient privileges to complete the operation.")
    ])
    await #expect {
      try await denied.client.presences(["id-1"])
    } throws: { error in
      guard case .permissionDenied(let text) = error as? DirectoryError else { return false }
      return text.contains("Presence.Read.All")
    }
  }

  @Test func searchesArePriorityHighAndTheWarmUpIsLow() async throws {
    let graph = try GraphHarness([.people(["Ann"]), .json(200, #"{"id":"me"}"#)])
    _ = try await graph.search("ann")
    await graph.client.warmUp()
    #expect(graph.transport.requests.map { $0.header("x-ms-throttle-priority") } == ["High", "Low"])
  }

  @Test func presenceFromTheSandboxWithAndWithoutTheScope() async throws {
    try await SandboxGraph.run(
      size: 50, scope: "openid profile offline_access User.Read User.Read.All Presence.Read.All"
    ) {
      graph async throws in
      let people = try await graph.search("a", pageSize: 20).people
      let presences = try await graph.client.presences(people.map(\.id))
      #expect(Set(presences.keys) == Set(people.map(\.id)))
    }
    try await SandboxGraph.run(size: 50) { graph async throws in
      let people = try await graph.search("a", pageSize: 5).people
      await #expect(throws: DirectoryError.self) { try await graph.client.presences(people.map(\.id)) }
    }
  }
}
