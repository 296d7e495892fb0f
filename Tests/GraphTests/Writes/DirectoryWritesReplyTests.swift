import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Graph

/// `DirectoryWrites.live` against scripted Graph replies: each call's request, Graph's `request-id`
/// kept with the outcome, refusals decoded with their code and message, no retry where Graph may
/// have done the write, and the exact look-ups.
@Suite struct DirectoryWritesReplyTests {
  static let id = "11111111-2222-3333-4444-555555555555"

  static func client(
    _ transport: FakeTransport, tokens: FakeTokens = FakeTokens(), sleep: RecordingSleep = RecordingSleep()
  )
    throws -> DirectoryWrites
  {
    let configuration = try GraphConfiguration(
      endpoint: GraphHarness.endpoint, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
    return .live(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep.function)
  }

  static func body(_ request: HTTPRequest) -> String { String(decoding: request.body ?? Data(), as: UTF8.self) }

  @Test func eachCallSendsGraphsShapeAndKeepsTheRequestId() async throws {
    let transport = FakeTransport { request in
      HTTPResponse(
        status: request.method == "POST" && request.url.path.hasSuffix("temporaryAccessPassMethods") ? 201 : 204,
        headers: [("request-id", "rid-\(request.method)")],
        body: Data(#"{"id":"p1","temporaryAccessPass":"TAP-SECRET","lifetimeInMinutes":60,"isUsableOnce":true}"#.utf8))
    }
    let writes = try Self.client(transport)
    let revoke = await writes.revokeSessions(userId: Self.id)
    #expect(revoke.succeeded && revoke.requestId == "rid-POST")
    _ = await writes.setAccountEnabled(userId: Self.id, false)
    let (tap, pass) = await writes.createTemporaryAccessPass(userId: Self.id, lifetimeMinutes: 60, usableOnce: true)
    #expect(tap.status == 201 && pass?.pass.exposedValue == "TAP-SECRET" && pass?.lifetimeInMinutes == 60)
    #expect("\(pass!.pass)" == "<redacted>")
    _ = await writes.resendInvitation(email: "gus@fabrikam.com")
    _ = await writes.addMember(groupId: "g1", memberId: Self.id)
    let removed = await writes.removeMember(groupId: "g1", memberId: Self.id)
    #expect(removed.requestId == "rid-DELETE")
    let sent = transport.requests.map { "\($0.method) \($0.url.path)" }
    #expect(
      sent == [
        "POST /v1.0/users/\(Self.id)/revokeSignInSessions", "PATCH /v1.0/users/\(Self.id)",
        "POST /v1.0/users/\(Self.id)/authentication/temporaryAccessPassMethods", "POST /v1.0/invitations",
        "POST /v1.0/groups/g1/members/$ref", "DELETE /v1.0/groups/g1/members/\(Self.id)/$ref",
      ])
    #expect(Self.body(transport.requests[1]) == #"{"accountEnabled":false}"#)
    #expect(
      Self.body(transport.requests[4])
        == #"{"@odata.id":"https://graph.example.test/v1.0/directoryObjects/\#(Self.id)"}"#)
    #expect(transport.requests.allSatisfy { $0.headers.contains { $0.name == "Authorization" } })
  }

  @Test func aRefusalKeepsGraphsCodeMessageAndRequestId() async throws {
    let transport = FakeTransport(script: [
      .graphError(
        403, code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation.",
        headers: [("request-id", "rid-403")])
    ])
    let response = try await Self.client(transport).revokeSessions(userId: Self.id)
    let failure = try #require(response.failure)
    #expect(failure.status == 403 && failure.code == "Authorization_RequestDenied" && failure.isRefusal)
    #expect(failure.message.contains("Insufficient privileges") && response.requestId == "rid-403")
    if case .permissionDenied = failure.error {} else { Issue.record("a 403 is a permission refusal") }
  }

  @Test func aWriteIsNotResentAfterA5xxButIsAfterA429() async throws {
    let failing = FakeTransport(script: [.graphError(503, code: "serviceNotAvailable", message: "busy")])
    let once = try await Self.client(failing).revokeSessions(userId: Self.id)
    #expect(failing.requests.count == 1 && once.failure?.isRefusal == false)
    let lost = FakeTransport(script: [.fail(.timedOut)])
    #expect(try await Self.client(lost).revokeSessions(userId: Self.id).failure?.status == 0)
    #expect(lost.requests.count == 1)
    let sleep = RecordingSleep()
    let throttled = FakeTransport(script: [
      .graphError(429, code: "TooManyRequests", message: "slow", headers: [("Retry-After", "2")]),
      .json(200, #"{"value":true}"#),
    ])
    #expect(try await Self.client(throttled, sleep: sleep).revokeSessions(userId: Self.id).succeeded)
    #expect(throttled.requests.count == 2 && sleep.recorded == [.seconds(2)])
  }

  @Test func a401RefreshesTheTokenOnce() async throws {
    let tokens = FakeTokens()
    let transport = FakeTransport(script: [
      .graphError(401, code: "InvalidAuthenticationToken", message: "expired"), .json(204, ""),
    ])
    #expect(try await Self.client(transport, tokens: tokens).revokeSessions(userId: Self.id).succeeded)
    #expect(tokens.refreshRequests == [false, true])
  }

  @Test func thePersonIsLookedUpExactlyAndAMailFallsBackToTheMailFilter() async throws {
    let transport = FakeTransport(script: [
      .graphError(404, code: "Request_ResourceNotFound", message: "not found"),
      .json(
        200,
        #"{"value":[{"id":"\#(Self.id)","userPrincipalName":"ada@contoso.com","displayName":"Ada\u001b[31m L","#
          + #""mail":"ada.l@contoso.com","userType":"Member","accountEnabled":false,"onPremisesSyncEnabled":true}]}"#),
    ])
    let person = try await Self.client(transport).person(.userName("ada.l@contoso.com")) { _ in }
    #expect(person.id == Self.id && person.userPrincipalName == "ada@contoso.com" && person.displayName == "Ada L")
    #expect(person.accountEnabled == false && person.onPremisesSyncEnabled == true)
    #expect(transport.requests[0].url.path == "/v1.0/users/ada.l@contoso.com")
    let filter = URLComponents(url: transport.requests[1].url, resolvingAgainstBaseURL: false)?.queryItems?
      .first { $0.name == "$filter" }?.value
    #expect(filter == "mail eq 'ada.l@contoso.com'")
  }

  @Test func aGroupByNameMustBeUniqueAndCarriesItsMembershipKind() async throws {
    let transport = FakeTransport(script: [
      .json(200, #"{"value":[{"id":"g1","displayName":"All Paris","groupTypes":["DynamicMembership"]}]}"#),
      .json(200, #"{"value":[{"id":"g1","displayName":"Team"},{"id":"g2","displayName":"Team"}]}"#),
    ])
    let writes = try Self.client(transport)
    let group = try await writes.group("All Paris") { _ in }
    #expect(group.isDynamic && group.id == "g1")
    await #expect(throws: DirectoryError.self) { try await writes.group("Team") { _ in } }
  }
}
