import Foundation
import RosterCore
import TestSupport
import Testing

@testable import Identity

/// Issue 28 item 3: `roster logout` in another terminal removes the account from the token cache
/// file; a running UI holding a still-valid access token in memory must stop using it at its
/// next use (and so go to the sign-in screen) instead of fetching with it until it expires.
@Suite struct SignedOutElsewhereTests {
  let helper = IdentitySessionRefreshTests()

  /// A session signed in over the token cache file in `directory`, holding access token "at-0".
  func signedIn(over directory: URL, clock: IdentitySessionRefreshTests.Clock) async throws -> IdentitySession {
    let (running, _) = try helper.makeSession(store: FileTokenStore(directory: directory) { _ in }, clock: clock) { _ in
      IdentityFixtures.tokens(access: "x", refresh: nil)
    }
    _ = try await helper.signIn(running)
    return running
  }

  /// Another terminal signing in or switching to another account makes that one active in the
  /// file; the running session's own account is still there, so nothing ends.
  @Test func anotherAccountMadeActiveElsewhereSignsNoOneOut() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let clock = IdentitySessionRefreshTests.Clock()
    let running = try await signedIn(over: temp.url, clock: clock)
    try await FileTokenStore(directory: temp.url) { _ in }.update { file in
      guard let (key, entry) = file.accounts.first else { return }
      var other = entry
      other.account.homeAccountId = "someone-else." + (entry.account.homeAccountId.split(separator: ".").last ?? "")
      file.accounts[key + "-other"] = other
      file.activeAccount = key + "-other"
    }
    #expect(try await running.accessToken(forceRefresh: false) == Secret("at-0"))
  }

  @Test func aLogoutInAnotherProcessEndsTheSessionAtTheNextTokenUse() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let clock = IdentitySessionRefreshTests.Clock()
    let running = try await signedIn(over: temp.url, clock: clock)
    #expect(try await running.accessToken(forceRefresh: false) == Secret("at-0"))

    // Another terminal: its own session over the same file, signed out.
    let (other, _) = try helper.makeSession(store: FileTokenStore(directory: temp.url) { _ in }, clock: clock) { _ in
      IdentityFixtures.tokens(access: "y", refresh: nil)
    }
    #expect(await other.restoreSession() != nil)
    try await other.signOut()

    do {
      _ = try await running.accessToken(forceRefresh: false)
      Issue.record("the removed account's token was used")
    } catch let required as SignInRequired {
      #expect(required.failure.message.string == "This account was signed out (roster logout).")
    }
    // And it stays ended, with the same why for every caller.
    do {
      _ = try await running.accessToken(forceRefresh: false)
      Issue.record("the removed account's token was used")
    } catch let required as SignInRequired {
      #expect(required.failure.message.string == "This account was signed out (roster logout).")
    }
  }

  @Test func aSessionMarkedSignedOutByAnotherProcessEndsToo() async throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let clock = IdentitySessionRefreshTests.Clock()
    let running = try await signedIn(over: temp.url, clock: clock)
    // Another process's refresh was refused for good (`invalid_grant`): the entry says why.
    try await FileTokenStore(directory: temp.url) { _ in }.update { file in
      for key in file.accounts.keys { file.accounts[key]?.signedOutReason = "The refresh token was revoked." }
    }
    await #expect(throws: SignInRequired.self) { _ = try await running.accessToken(forceRefresh: false) }
  }

  @Test func aTokenInMemoryOnlyIsNotReadBack() async throws {
    let clock = IdentitySessionRefreshTests.Clock()
    let (running, _) = try helper.makeSession(clock: clock) { _ in IdentityFixtures.tokens(access: "x", refresh: nil) }
    _ = try await helper.signIn(running)
    #expect(try await running.accessToken(forceRefresh: false) == Secret("at-0"))
  }
}
