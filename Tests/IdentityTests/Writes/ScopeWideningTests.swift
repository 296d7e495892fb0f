import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Identity

/// Incremental consent's silent half (`IdentitySession.widenScopes`): a granted scope is kept in
/// the account's requested scopes; a consent refusal changes nothing and never signs the account out.
@Suite struct ScopeWideningTests {
  let refresh = IdentitySessionRefreshTests()

  @Test func aGrantedScopeIsKeptForEveryLaterRefresh() async throws {
    let store = MemoryTokenStore()
    let (session, transport) = try refresh.makeSession(store: store, clock: .init()) { count in
      IdentityFixtures.tokens(access: "at-\(count)", refresh: "rt-\(count)")
    }
    _ = try await refresh.signIn(session)
    guard case .granted = try await session.widenScopes(["User.RevokeSessions.All"]) else {
      Issue.record("the scope was granted")
      return
    }
    let form = FakeTransport.form(try #require(transport.requests.last))
    #expect(form["scope"]?.hasSuffix(" User.RevokeSessions.All") == true)
    let cached = try #require(try await store.load().accounts.values.first)
    #expect(cached.requestedScopes.contains("User.RevokeSessions.All") && cached.refreshToken == Secret("rt-1"))
    #expect(try await session.accessToken(forceRefresh: false) == Secret("at-1"))
  }

  @Test func aConsentRefusalChangesNothingAndKeepsTheSession() async throws {
    let store = MemoryTokenStore()
    let (session, _) = try refresh.makeSession(store: store, clock: .init()) { _ in
      IdentityFixtures.oauthError("invalid_grant", code: 65001, suberror: "consent_required")
    }
    _ = try await refresh.signIn(session)
    let before = try #require(try await store.load().accounts.values.first)
    guard case .needsSignIn = try await session.widenScopes(["User.RevokeSessions.All"]) else {
      Issue.record("consent is needed")
      return
    }
    let after = try #require(try await store.load().accounts.values.first)
    #expect(after.requestedScopes == before.requestedScopes && after.refreshToken == before.refreshToken)
    let restored = await session.restoreSession()
    #expect(after.signedOutReason == nil && restored != nil)
  }

  @Test func wideningAddsOnlyWhatIsMissing() {
    #expect(
      IdentitySession.widened("openid User.Read", with: ["user.read", "User.Invite.All"])
        == "openid User.Read User.Invite.All")
  }
}
