import Foundation
import Graph
import Identity
import RosterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Incremental consent for the writes (docs/decisions/writes.md): the write permission is never
/// among the default scopes; the first write that needs it asks for it, and the account's cached
/// requested scopes keep it, so the next write does not ask again.
enum WriteConsent {
  /// A token provider whose tokens carry what `kind` needs: the session as it is when the sign-in
  /// has it; else the same refresh token asked silently for the added scopes (granted when an
  /// administrator consented); else, at a terminal, one sign-in for the scopes held plus the
  /// added ones. Without a terminal: exit 5 with how to add it.
  static func tokens(for kind: WriteKind, account: Account, runtime: CommandRuntime) async throws
    -> any AccessTokenProvider
  {
    let failure: SignInFailure
    let missing = kind.missingScopes(from: account.grantedScopes)
    switch await silently(kind, granted: account.grantedScopes, widen: runtime.session.widenScopes) {
    case .held: return runtime.session
    case .added:
      let list = missing.joined(separator: " and ")
      DirectoryCommand.say("Added \(list) to this sign-in (an administrator had consented).")
      return runtime.session
    case .refused(let why): failure = why
    }
    guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else {
      throw FixStop(
        code: FixExit.permission,
        message: WriteRefusal.missingPermission(kind, lacking: missing) + " (The sign-in service said: "
          + failure.message.string + ")")
    }
    return try await signIn(adding: missing, kind: kind, account: account, runtime: runtime)
  }

  /// What asking silently for a write's permission came to.
  enum Silent {
    /// The sign-in holds it already.
    case held
    /// The token endpoint added it: the sign-in's scopes now.
    case added([String])
    /// Entra wants an interactive sign-in (or did not grant it): why.
    case refused(SignInFailure)
  }

  /// The one silent step, for the commands and the pane alike: nothing when `granted` allows
  /// `kind`; else the cached refresh token asked for the missing scopes (`widen`, the session's
  /// `widenScopes`).
  static func silently(
    _ kind: WriteKind, granted: [String],
    widen: @Sendable ([String]) async throws -> IdentitySession.ScopeWidening
  ) async -> Silent {
    let missing = kind.missingScopes(from: granted)
    if missing.isEmpty { return .held }
    do {
      switch try await widen(missing) {
      case .granted(let widened) where kind.missingScopes(from: widened.grantedScopes).isEmpty:
        return .added(widened.grantedScopes)
      case .granted:
        let list = missing.joined(separator: " and ")
        return .refused(SignInFailure(message: "The sign-in service did not grant \(list)."))
      case .needsSignIn(let why):
        return .refused(why)
      }
    } catch {
      return .refused((error as? SignInFailure) ?? SignInFailure(message: CleanText("\(error)")))
    }
  }

  /// One interactive sign-in, as `roster login` does it, for the account's scopes plus `extra`;
  /// the tokens replace the account's in the cache (same person, same tenant: same entry).
  static func signIn(adding extra: [String], kind: WriteKind, account: Account, runtime: CommandRuntime) async throws
    -> any AccessTokenProvider
  {
    var settings = runtime.settings
    settings.scopes = IdentitySession.widened(runtime.session.configuration.scopes, with: extra)
    let configuration: IdentityConfiguration
    do {
      configuration = try IdentityConfiguration(settings: settings)
    } catch {
      throw FixStop(code: FixExit.permission, message: error.displayLine)
    }
    let session = IdentitySession(
      configuration: configuration, transport: runtime.transport, store: runtime.store,
      opener: runtime.session.opener, accountKey: await runtime.session.accountKey)
    DirectoryCommand.say(
      "roster \(kind.commandName) needs \(extra.joined(separator: " and ")), which this sign-in has not been granted. "
        + "Sign in once more as \(account.username) to grant it (an administrator may have to consent first).")
    let method: SignInMethod
    switch SignInMethodChooser.choose(
      setting: settings.signIn, authority: configuration.authority, environment: runtime.environment,
      hasOpener: session.opener != nil)
    {
    case .success(let chosen): method = chosen
    case .failure(let failure): throw FixStop(code: FixExit.permission, message: failure.displayLine)
    }
    let (events, continuation) = AsyncStream<SignInEvent>.makeStream()
    let handle = session.signIn(method: method) { continuation.yield($0) }
    defer { handle.cancel() }
    for await event in events {
      switch event {
      case .deviceCodeIssued(let prompt):
        Console.error("To sign in, open \(prompt.verificationURI) in a browser and enter the code \(prompt.userCode)")
      case .browserOpened(let url, _):
        Console.error("To sign in, visit:\n  \(url.string)")
      case .signedIn(let signedIn):
        guard signedIn.homeAccountId == account.homeAccountId else {
          throw FixStop(
            code: FixExit.permission,
            message: "You signed in as \(signedIn.username), not \(account.username): nothing was sent. That account "
              + "is now signed in too (roster accounts).")
        }
        guard kind.missingScopes(from: signedIn.grantedScopes).isEmpty else {
          throw FixStop(
            code: FixExit.permission, message: WriteRefusal.missingPermission(kind, lacking: extra))
        }
        return session
      case .failed(let failure):
        throw FixStop(
          code: FixExit.permission,
          message: "The sign-in for \(extra.joined(separator: " and ")) failed: "
            + failure.displayLine)
      case .waitingForUser:
        continue
      }
    }
    throw FixStop(code: FixExit.permission, message: "The sign-in ended without an answer: nothing was sent.")
  }
}
