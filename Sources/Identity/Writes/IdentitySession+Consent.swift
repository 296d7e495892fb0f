import Diagnostics
import Foundation
import RosterCore
import Transport

extension IdentitySession {
  /// What asking silently for more scopes came to.
  public enum ScopeWidening: Sendable {
    /// The token endpoint issued a token with the added scopes: they are now in the account's
    /// requested scopes in the cache, so every later refresh (and the next write) carries them.
    case granted(Account)
    /// Consent (or another interaction) is needed first: nothing in the cache was changed.
    case needsSignIn(SignInFailure)
  }

  /// Asks the token endpoint, with the cached refresh token, for the account's scopes plus
  /// `extra` (incremental consent, docs/decisions/writes.md). Entra issues the token at once when
  /// the permission was consented (an administrator's tenant-wide consent, or the person's own
  /// earlier); otherwise it answers `invalid_grant`/`consent_required` (AADSTS65001), which here
  /// changes nothing: the refresh token stays good and the caller signs in interactively for it.
  public func widenScopes(_ extra: [String]) async throws -> ScopeWidening {
    let configuration = self.configuration
    let client = self.client
    let discovery = self.discovery
    let now = self.now
    let pinned = accountKey
    let outcome: ScopeWidening = try await store.update { file in
      guard let (key, entry) = Self.active(in: file, for: configuration, pinned: pinned),
        let refreshToken = entry.refreshToken, entry.signedOutReason == nil
      else {
        return .needsSignIn(SignInFailure(message: "Not signed in; run roster login.", error: "not_signed_in"))
      }
      let widened = Self.widened(entry.requestedScopes, with: extra)
      let oidc = try await discovery.configuration(for: configuration.authority)
      let exchange = await client.refresh(
        tokenEndpoint: oidc.tokenEndpoint, refreshToken: refreshToken, scopes: widened)
      switch exchange {
      case .tokens(let response):
        let issuedAt = now()
        var updated = entry
        updated.requestedScopes = widened
        updated.accessToken = response.accessToken
        updated.accessTokenIssuedAt = issuedAt
        updated.account.accessTokenExpiresAt = issuedAt.addingTimeInterval(TimeInterval(response.expiresIn ?? 3600))
        updated.account.grantedScopes = (response.scope ?? widened).split(whereSeparator: \.isWhitespace).map(
          String.init)
        if let rotated = response.refreshToken { updated.refreshToken = rotated }
        updated.updatedAt = issuedAt
        file.accounts[key] = updated
        return .granted(updated.account)
      case .rejected(let body):
        // Never `apply`: an `invalid_grant` for consent must not sign the account out.
        return .needsSignIn(ErrorExplainer.failure(for: body))
      case .failed(let failure, _, let transport, let status, let retryAfter):
        if let transport { throw transport }
        throw TokenServiceUnavailable(failure: failure, retryAfter: retryAfter, throttled: status == 429)
      }
    }
    if case .granted = outcome {
      activeEntry = nil
      _ = await restoreSession()
      DiagnosticLog.logger("roster.identity").info(
        "scopes added", metadata: ["scopes": "\(extra.joined(separator: " "))"])
    }
    return outcome
  }

  /// `scopes` with each of `extra` it lacks appended (compared without case, as Entra does).
  public static func widened(_ scopes: String, with extra: [String]) -> String {
    var parts = scopes.split(whereSeparator: \.isWhitespace).map(String.init)
    for scope in extra where !parts.contains(where: { $0.lowercased() == scope.lowercased() }) { parts.append(scope) }
    return parts.joined(separator: " ")
  }
}
