import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Identity

@Suite struct IdentitySessionRefreshTests {
  static let settings = Settings(clientId: "client-1", authority: IdentityFixtures.base)

  final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Date(timeIntervalSince1970: 1_700_000_000)
    var now: Date { lock.withLock { value } }
    func advance(_ seconds: TimeInterval) { lock.withLock { value += seconds } }
  }

  /// A session whose token endpoint answers refreshes with `refreshAnswer`.
  func makeSession(
    store: any TokenStore = MemoryTokenStore(), clock: Clock,
    refreshAnswer: @escaping @Sendable (Int) throws -> HTTPResponse
  ) throws -> (IdentitySession, FakeTransport) {
    let counter = LockedValue(0)
    let transport = FakeTransport { request in
      if request.url.path.hasSuffix("openid-configuration") { return IdentityFixtures.discovery() }
      let count = counter.withLock {
        $0 += 1
        return $0
      }
      return try refreshAnswer(count)
    }
    let session = IdentitySession(
      configuration: try IdentityConfiguration(settings: Self.settings), transport: transport, store: store,
      now: { clock.now })
    return (session, transport)
  }

  func signIn(_ session: IdentitySession) async throws -> Account {
    try await session.completeSignIn(
      TokenResponse.parse(
        IdentityFixtures.tokens(access: "at-0", refresh: "rt-0", expiresIn: 3600).body, from: URL(string: "https://x")!)
    )
  }

  @Test func tokensAreRefreshedAFewMinutesBeforeExpiryAndTheNewestRefreshTokenKept() async throws {
    let clock = Clock()
    let store = MemoryTokenStore()
    let (session, transport) = try makeSession(store: store, clock: clock) { count in
      IdentityFixtures.tokens(access: "at-\(count)", refresh: "rt-\(count)")
    }
    let account = try await signIn(session)
    #expect(account.homeAccountId == "oid-1.tid-1")
    #expect(account.username == "adele@contoso.test")
    #expect(try await session.accessToken(forceRefresh: false) == Secret("at-0"))
    clock.advance(3600 - 200)  // inside the five-minute margin
    #expect(try await session.accessToken(forceRefresh: false) == Secret("at-1"))
    let refresh = try #require(transport.requests.last)
    let form = FakeTransport.form(refresh)
    #expect(form["grant_type"] == "refresh_token")
    #expect(form["refresh_token"] == "rt-0")
    #expect(form["scope"]?.contains("offline_access") == true)
    let cached = try await store.load().accounts.values.first
    #expect(cached?.refreshToken == Secret("rt-1"))
    // forceRefresh after a 401 gets yet another token.
    #expect(try await session.accessToken(forceRefresh: true) == Secret("at-2"))
  }

  @Test func concurrentCallersShareOneRefresh() async throws {
    let clock = Clock()
    let (session, transport) = try makeSession(clock: clock) { count in
      IdentityFixtures.tokens(access: "at-\(count)", refresh: "rt")
    }
    _ = try await signIn(session)
    clock.advance(4000)
    let tokens = try await withThrowingTaskGroup(of: Secret.self) { group in
      for _ in 0..<8 { group.addTask { try await session.accessToken(forceRefresh: false) } }
      return try await group.reduce(into: [Secret]()) { $0.append($1) }
    }
    #expect(Set(tokens) == [Secret("at-1")])
    #expect(transport.requests.filter { $0.method == "POST" }.count == 1)
  }

  @Test(arguments: [700082, 50173])
  func aDeadRefreshTokenSignsTheAccountOutWithItsReason(code: Int) async throws {
    let clock = Clock()
    let store = MemoryTokenStore()
    let (session, _) = try makeSession(store: store, clock: clock) { _ in
      IdentityFixtures.oauthError("invalid_grant", code: code)
    }
    _ = try await signIn(session)
    clock.advance(4000)
    do {
      _ = try await session.accessToken(forceRefresh: false)
      Issue.record("expected SignInRequired")
    } catch let required as SignInRequired {
      #expect(required.failure.code == "AADSTS\(code)")
    }
    let entry = try #require(try await store.load().accounts.values.first)
    #expect(entry.refreshToken == nil)
    #expect(entry.signedOutReason != nil)
    #expect(await session.restoreSession() == nil)
  }

  @Test func interactionRequiredKeepsTheRefreshToken() async throws {
    let clock = Clock()
    let store = MemoryTokenStore()
    let (session, _) = try makeSession(store: store, clock: clock) { _ in
      IdentityFixtures.oauthError("invalid_grant", code: 50076, suberror: "basic_action")
    }
    _ = try await signIn(session)
    clock.advance(4000)
    await #expect(throws: SignInRequired.self) { try await session.accessToken(forceRefresh: false) }
    let entry = try #require(try await store.load().accounts.values.first)
    #expect(entry.refreshToken == Secret("rt-0"))
    #expect(entry.signedOutReason == nil)
  }

  @Test func networkFailuresSurfaceAsTransportErrors() async throws {
    let clock = Clock()
    let (session, _) = try makeSession(clock: clock) { _ in throw TransportError.connectionFailed("reset") }
    _ = try await signIn(session)
    clock.advance(4000)
    await #expect(throws: TransportError.connectionFailed("reset")) {
      try await session.accessToken(forceRefresh: false)
    }
  }

  @Test func notSignedInIsSignInRequired() async throws {
    let (session, _) = try makeSession(clock: Clock()) { _ in IdentityFixtures.tokens(access: "a", refresh: "r") }
    await #expect(throws: SignInRequired.self) { try await session.accessToken(forceRefresh: false) }
    #expect(await session.restoreSession() == nil)
  }
}

extension IdentitySessionRefreshTests {
  @Test func aServiceOutageIsNotASignOut() async throws {
    let clock = Clock()
    let store = MemoryTokenStore()
    let (session, _) = try makeSession(store: store, clock: clock) { _ in
      IdentityFixtures.oauthError("temporarily_unavailable", code: 90033, status: 503)
    }
    _ = try await signIn(session)
    clock.advance(4000)
    await #expect(throws: TokenServiceUnavailable.self) { try await session.accessToken(forceRefresh: false) }
    #expect(try await store.load().accounts.values.first?.refreshToken == Secret("rt-0"))
    #expect(await session.restoreSession() != nil)
  }

  /// Issue 11 point 3: each of these once signed the person out. None has an OAuth error that
  /// says the grant is dead, so each is temporary, the refresh token kept, and the next try works.
  @Test(
    arguments: [
      (HTTPResponse(status: 500, headers: [], body: Data("<html>oops</html>".utf8)), false, nil),
      (HTTPResponse(status: 503, headers: [("Retry-After", "2")], body: Data()), false, "2"),
      (
        HTTPResponse(status: 429, headers: [("Retry-After", "7")], body: Data(#"{"error":"invalid_request"}"#.utf8)),
        true, "7"
      ),
      (
        HTTPResponse(status: 200, headers: [], body: Data(#"{"token_type":"Bearer","scope":"User.Re"#.utf8)), false, nil
      ),
    ] as [(HTTPResponse, Bool, String?)])
  func transientTokenEndpointTroubleKeepsTheSession(answer: HTTPResponse, throttled: Bool, retryAfter: String?)
    async throws
  {
    let clock = Clock()
    let store = MemoryTokenStore()
    let (session, _) = try makeSession(store: store, clock: clock) { count in
      count == 1 ? answer : IdentityFixtures.tokens(access: "at-2", refresh: "rt-2")
    }
    _ = try await signIn(session)
    clock.advance(4000)
    do {
      _ = try await session.accessToken(forceRefresh: false)
      Issue.record("expected TokenServiceUnavailable")
    } catch let trouble as TokenServiceUnavailable {
      #expect(trouble.throttled == throttled)
      #expect(trouble.retryAfter == retryAfter)
      #expect(!trouble.message.string.contains("at-") && !trouble.message.string.contains("rt-"))
    }
    let entry = try #require(try await store.load().accounts.values.first)
    #expect(entry.refreshToken == Secret("rt-0"))
    #expect(entry.signedOutReason == nil)
    #expect(try await session.accessToken(forceRefresh: false) == Secret("at-2"))
  }
}
