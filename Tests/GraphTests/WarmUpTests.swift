import Foundation
import RosterCore
import Testing
import Transport

@testable import Graph

/// The warm-up read sent right after sign-in: the smallest request, once, and silent.
@Suite struct WarmUpTests {
  @Test func sendsOneSmallAuthenticatedRead() async throws {
    let graph = try GraphHarness([.json(200, #"{"id":"me"}"#)])
    await graph.client.warmUp()
    #expect(graph.transport.requests.count == 1)
    let request = try #require(graph.transport.requests.first)
    #expect(request.method == "GET")
    #expect(request.url.absoluteString == "https://graph.example.test/v1.0/me?$select=id")
    #expect(request.header("Authorization")?.hasPrefix("Bearer ") == true)
    #expect(graph.tokens.refreshRequests == [false])
  }

  @Test func neverRetriesNorSleepsNorReports() async throws {
    let graph = try GraphHarness([
      .graphError(503, code: "serviceNotAvailable", message: "busy", headers: [("Retry-After", "30")]),
      .fail(.connectionFailed("reset")),
    ])
    await graph.client.warmUp()
    #expect(graph.transport.requests.count == 1)
    #expect(graph.sleep.recorded.isEmpty)
    #expect(graph.notices.all.isEmpty)
  }

  @Test func aPersonalAccountSendsNothing() async throws {
    let graph = try GraphHarness([], tenantId: GraphConfiguration.personalAccountTenant)
    await graph.client.warmUp()
    #expect(graph.transport.requests.isEmpty)
  }
}
