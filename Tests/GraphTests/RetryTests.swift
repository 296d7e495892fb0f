import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Graph

@Suite struct RetryTests {
  @Test func throttledWithIntegerRetryAfterWaitsThatLong() async throws {
    let graph = try GraphHarness([
      try .fixture(429, "throttled", headers: [("Retry-After", "10")]),
      .people(["Ann"]),
    ])
    let page = try await graph.search("ann")
    #expect(page.people.map(\.displayName) == ["Ann"])
    #expect(graph.sleep.recorded == [.seconds(10)])
    #expect(graph.notices.all == [RetryNotice(reason: .throttled, wait: .seconds(10), attempt: 1)])
    #expect(graph.transport.requests.count == 2)
  }

  @Test func fractionalRetryAfter() async throws {
    let graph = try GraphHarness([
      try .fixture(429, "throttled", headers: [("Retry-After", "2.128")]),
      try .fixture(429, "throttled", headers: [("Retry-After", "0.5")]),
      .people(["Ann"]),
    ])
    _ = try await graph.search("ann")
    #expect(graph.sleep.recorded == [.milliseconds(2128), .milliseconds(500)])
    #expect(graph.notices.all.map(\.attempt) == [1, 2])
  }

  @Test func httpDateRetryAfter() async throws {
    // The harness clock is 2023-11-14 22:13:20 GMT.
    let graph = try GraphHarness([
      .graphError(
        503, code: "serviceNotAvailable", message: "busy", headers: [("Retry-After", "Tue, 14 Nov 2023 22:13:27 GMT")]),
      .people(["Ann"]),
    ])
    _ = try await graph.search("ann")
    #expect(graph.sleep.recorded == [.seconds(7)])
    #expect(graph.notices.all.map(\.reason) == [.serviceUnavailable])
  }

  @Test func unavailableWithoutRetryAfterBacksOff() async throws {
    let graph = try GraphHarness([.graphError(503, code: "serviceNotAvailable", message: "busy"), .people(["Ann"])])
    _ = try await graph.search("ann")
    // base 500 ms, equal jitter with random 0.5: 250 + 125.
    #expect(graph.sleep.recorded == [.milliseconds(375)])
  }

  @Test func serverErrorsBackOffExponentiallyAndGiveUp() async throws {
    let failures = Array(
      repeating: FakeTransport.Step.graphError(500, code: "generalException", message: "boom"), count: 10)
    let graph = try GraphHarness(failures)
    let error = await graph.searchError("ann")
    #expect(error == .service(status: 500, code: "generalException", message: "boom"))
    #expect(graph.transport.requests.count == 4)
    #expect(graph.sleep.recorded == [.milliseconds(375), .milliseconds(750), .milliseconds(1500)])
    #expect(graph.notices.all.map(\.reason) == [.transientFailure, .transientFailure, .transientFailure])
  }

  @Test func backoffIsCapped() {
    let policy = RetryPolicy(random: { 0.999_999 })
    #expect(policy.backoff(attempt: 30) <= .seconds(8))
    #expect(policy.backoff(attempt: 30) > .seconds(7))
    #expect(RetryPolicy(random: { 0 }).backoff(attempt: 1) == .milliseconds(250))
  }

  @Test func stillThrottledAfterRetriesIsThrottled() async throws {
    let throttled = try FakeTransport.Step.fixture(429, "throttled", headers: [("Retry-After", "3")])
    let graph = try GraphHarness(Array(repeating: throttled, count: 6), maxRetries: 2)
    #expect(await graph.searchError("ann") == .throttled(retryAfter: .seconds(3)))
    #expect(graph.transport.requests.count == 3)
  }

  @Test func retryAfterBeyondTheCapFailsAtOnce() async throws {
    let graph = try GraphHarness([try .fixture(429, "throttled", headers: [("Retry-After", "3600")])])
    #expect(await graph.searchError("ann") == .throttled(retryAfter: .seconds(3600)))
    #expect(graph.sleep.recorded.isEmpty)
  }

  @Test func transportFailuresRetryThenReportOffline() async throws {
    let graph = try GraphHarness([.fail(.connectionFailed("reset")), .fail(.timedOut), .people(["Ann"])])
    #expect(try await graph.search("ann").people.count == 1)
    #expect(graph.sleep.recorded.count == 2)
    let down = try GraphHarness(Array(repeating: .fail(.connectionFailed("refused")), count: 5), maxRetries: 1)
    guard case .offline = await down.searchError("ann") else {
      Issue.record("expected offline")
      return
    }
    #expect(down.transport.requests.count == 2)
  }

  @Test func tlsFailureIsNotRetried() async throws {
    let graph = try GraphHarness([.fail(.tls("untrusted certificate"))])
    guard case .offline(let text) = await graph.searchError("ann") else {
      Issue.record("expected offline")
      return
    }
    #expect(text.contains("untrusted certificate"))
    #expect(graph.transport.requests.count == 1)
  }

  @Test func unauthorizedRefreshesOnceAndRetries() async throws {
    let graph = try GraphHarness([try .fixture(401, "expired-token"), .people(["Ann"])])
    #expect(try await graph.search("ann").people.count == 1)
    #expect(graph.tokens.refreshRequests == [false, true])
    #expect(graph.transport.requests.map { $0.header("Authorization") } == ["Bearer token-1", "Bearer token-2"])
    #expect(graph.sleep.recorded.isEmpty)
  }

  @Test func unauthorizedTwiceNeedsSignIn() async throws {
    let graph = try GraphHarness([try .fixture(401, "expired-token"), try .fixture(401, "expired-token")])
    guard case .signInRequired = await graph.searchError("ann") else {
      Issue.record("expected signInRequired")
      return
    }
    #expect(graph.tokens.refreshRequests == [false, true])
    #expect(graph.transport.requests.count == 2)
  }

  @Test func tokenProviderNeedingSignInIsReported() async throws {
    let failure = SignInFailure(message: "Your sign-in expired; sign in again.", error: "invalid_grant")
    let graph = try GraphHarness([], tokens: FakeTokens(failing: SignInRequired(failure)))
    #expect(await graph.searchError("ann") == .signInRequired(failure))
    #expect(graph.transport.requests.isEmpty)
  }

  @Test func forbiddenNamesThePermission() async throws {
    let graph = try GraphHarness([try .fixture(403, "forbidden")])
    guard case .permissionDenied(let text) = await graph.searchError("ann") else {
      Issue.record("expected permissionDenied")
      return
    }
    #expect(text.contains("User.ReadBasic.All"))
    #expect(text.contains("Insufficient privileges"))
  }

  @Test func personalAccountBadRequest() async throws {
    let graph = try GraphHarness([try .fixture(400, "msa-bad-request")])
    #expect(await graph.searchError("ann") == .personalAccount)
  }

  @Test func personalAccountTenantNeverCallsGraph() async throws {
    let graph = try GraphHarness([], tenantId: GraphConfiguration.personalAccountTenant)
    #expect(await graph.searchError("ann") == .personalAccount)
    #expect(graph.transport.requests.isEmpty)
  }

  @Test func truncatedBodyIsMalformed() async throws {
    let graph = try GraphHarness([try .fixture(200, "truncated")])
    guard case .malformedResponse = await graph.searchError("ann") else {
      Issue.record("expected malformedResponse")
      return
    }
    #expect(graph.transport.requests.count == 1)
  }

  @Test func cancellingDuringTheWaitEndsTheCall() async throws {
    let graph = try GraphHarness(
      [try .fixture(429, "throttled", headers: [("Retry-After", "5")]), .people(["Ann"])],
      sleep: RecordingSleep(cancelAfter: 1))
    #expect(await graph.searchError("ann") == .cancelled)
    #expect(graph.transport.requests.count == 1)
  }

  @Test func realSleepIsCancellable() async throws {
    let configuration = try GraphConfiguration(endpoint: GraphHarness.endpoint)
    let transport = FakeTransport(script: [try .fixture(429, "throttled", headers: [("Retry-After", "60")])])
    let client = DirectoryClient.live(configuration: configuration, tokens: FakeTokens(), transport: transport)
    let task = Task { try await client.searchPeople(PeopleQuery(text: "ann", pageSize: 5), { _ in }) }
    while transport.requests.isEmpty { await Task.yield() }
    task.cancel()
    await #expect(throws: DirectoryError.cancelled) { try await task.value }
  }
}
