import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Graph

/// The tenant-wide sign-in reads (issue 43 item 2) as sent: no `userId` clause and no empty
/// `$filter`, `createdDateTime gt` for a follow's poll, each entry's person decoded, and a long
/// read paced to the reports API's 5 requests per 10 seconds.
@Suite struct TenantSignInQueryTests {
  static func client(_ transport: FakeTransport, sleep: RecordingSleep) throws -> HealthClient {
    let configuration = try GraphConfiguration(
      endpoint: GraphHarness.endpoint, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
    return .live(configuration: configuration, tokens: FakeTokens(), transport: transport, sleep: sleep.function)
  }

  @Test func theFilterHasNoPersonAndAFollowAsksForWhatCameAfter() {
    let after = Date(timeIntervalSince1970: 1_795_000_000)
    #expect(GraphHealth.signInFilter(SignInQuery(userID: nil)) == "")
    #expect(
      GraphHealth.signInFilter(SignInQuery(userID: nil, failedOnly: true, after: after))
        == "status/errorCode ne 0 and createdDateTime gt 2026-11-18T11:06:40Z")
  }

  @Test func everyonesLogIsAskedWithoutAFilterAndSaysWhoseEachIs() async throws {
    let transport = FakeTransport(script: [
      .json(
        200,
        #"{"value":[{"id":"s1","createdDateTime":"2026-11-26T08:00:00.1234567Z","userId":"u1","#
          + #""userPrincipalName":"ann@contoso.com","userDisplayName":"Ann\u001b[2J Lee","status":{"errorCode":50126}}]}"#
      )
    ])
    let entries = try await Self.client(transport, sleep: RecordingSleep()).signIns(SignInQuery(userID: nil)) { _ in }
    #expect(entries.first?.person == "Ann Lee (ann@contoso.com)" || entries.first?.person.hasPrefix("Ann") == true)
    #expect(entries.first?.person.contains("\u{1B}") == false && entries.first?.userId == "u1")
    let query = URLComponents(url: try #require(transport.requests.first).url, resolvingAgainstBaseURL: false)
    #expect(query?.queryItems?.contains { $0.name == "$filter" } == false)
  }

  @Test func aLongReadIsPacedAfterItsFirstPages() async throws {
    let transport = FakeTransport { _ in
      .init(
        status: 200, headers: [("Content-Type", "application/json")],
        body: Data(
          (#"{"value":[{"id":"\#(UUID().uuidString)","createdDateTime":"2026-11-26T08:00:00Z"}],"#
            + #""@odata.nextLink":"https://graph.example.test/v1.0/auditLogs/signIns?$skiptoken=\#(UUID().uuidString)"}"#)
            .utf8))
    }
    let sleep = RecordingSleep()
    let entries = try await Self.client(transport, sleep: sleep).signIns(SignInQuery(userID: nil, limit: 7)) { _ in }
    #expect(entries.count == 7 && transport.requests.count == 7)
    #expect(
      sleep.recorded == Array(repeating: HealthClient.signInPageSpacing, count: 7 - HealthClient.signInBurstPages))
  }
}
