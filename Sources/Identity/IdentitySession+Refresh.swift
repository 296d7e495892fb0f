import Diagnostics
import Foundation
import RosterCore
import Transport

extension IdentitySession {
  /// What a refresh under the cache lock came to.
  enum RefreshOutcome: Sendable {
    case token(Secret, CachedAccount)
    case signInRequired(SignInFailure)
    case failed(any Error)
  }

  /// A usable access token, refreshed silently when it is within a few minutes of expiry;
  /// `forceRefresh` (after a Graph 401) gets a new one unless another process already did.
  ///
  /// Throws `SignInRequired` when only an interactive sign-in can help (an OAuth error such as
  /// `invalid_grant`), `TransportError` when the network failed, and `TokenServiceUnavailable`
  /// when the service had trouble (5xx, 429, `temporarily_unavailable`, a body that is not a
  /// token response): the session is kept and the caller retries.
  public func accessToken(forceRefresh: Bool) async throws -> Secret {
    if !forceRefresh, let entry = activeEntry, entry.hasUsableAccessToken(at: now()), let token = entry.accessToken {
      // Signed out in another terminal: the token held here must not be used any more. The
      // entry is kept, so every caller (the sync too) is told the same why, until a sign-in.
      if let failure = await signedOutElsewhere(entry) { throw SignInRequired(failure) }
      return token
    }
    if let running = refreshTask { return try await running.value }
    let known = activeEntry?.accessToken
    let task = Task { try await self.refreshUnderLock(force: forceRefresh, rejecting: known) }
    refreshTask = task
    defer { refreshTask = nil }
    return try await task.value
  }

  /// `force` with a `rejected` token refreshes unless the cache already holds a different one
  /// (another process refreshed); `force` without one (a fresh process) always refreshes.
  private func refreshUnderLock(force: Bool, rejecting rejected: Secret?) async throws -> Secret {
    let configuration = self.configuration
    let client = self.client
    let discovery = self.discovery
    let now = self.now
    let pinned = accountKey
    let outcome: RefreshOutcome = try await store.update { file in
      guard let (key, entry) = Self.active(in: file, for: configuration, pinned: pinned) else {
        return .signInRequired(SignInFailure(message: "Not signed in; run roster login.", error: "not_signed_in"))
      }
      if let reason = entry.signedOutReason {
        return .signInRequired(SignInFailure(message: CleanText(reason), error: "invalid_grant"))
      }
      // Re-read under the lock: another process may have refreshed already.
      if entry.hasUsableAccessToken(at: now()), let token = entry.accessToken,
        !force || (rejected != nil && token != rejected)
      {
        return .token(token, entry)
      }
      guard let refreshToken = entry.refreshToken else {
        return .signInRequired(
          SignInFailure(message: "The session has no refresh token; sign in again.", error: "invalid_grant"))
      }
      let oidc: OIDCConfiguration
      do {
        oidc = try await discovery.configuration(for: configuration.authority)
      } catch let transport as TransportError {
        return .failed(transport)
      } catch {
        // The authority answered before (the account came from it): its trouble is temporary.
        let failure =
          error as? SignInFailure ?? SignInFailure(message: "The sign-in service's configuration was unreadable.")
        return .failed(TokenServiceUnavailable(failure: failure))
      }
      let exchange = await client.refresh(
        tokenEndpoint: oidc.tokenEndpoint, refreshToken: refreshToken, scopes: entry.requestedScopes)
      return Self.apply(exchange, to: &file, key: key, entry: entry, issuedAt: now())
    }
    switch outcome {
    case .token(let token, let entry):
      activeEntry = entry
      return token
    case .signInRequired(let failure):
      activeEntry = nil
      throw SignInRequired(failure)
    case .failed(let error):
      throw error
    }
  }

  /// Folds a refresh answer into the cache: new tokens (the newest refresh token always kept),
  /// or, for a refresh token that is dead for good, the account marked signed out with why.
  static func apply(
    _ exchange: TokenExchange, to file: inout TokenCacheFile, key: String, entry: CachedAccount, issuedAt: Date
  ) -> RefreshOutcome {
    switch exchange {
    case .tokens(let response):
      var updated = entry
      updated.accessToken = response.accessToken
      updated.accessTokenIssuedAt = issuedAt
      updated.account.accessTokenExpiresAt = issuedAt.addingTimeInterval(TimeInterval(response.expiresIn ?? 3600))
      if let scope = response.scope { updated.account.grantedScopes = scope.split(separator: " ").map(String.init) }
      if let refreshToken = response.refreshToken { updated.refreshToken = refreshToken }
      updated.updatedAt = issuedAt
      file.accounts[key] = updated
      DiagnosticLog.logger("roster.identity").info(
        "access token refreshed",
        metadata: [
          "user": "\(entry.account.username.string)", "expires_in": "\(response.expiresIn ?? 3600)",
          "scopes": "\(updated.account.grantedScopes.joined(separator: " "))",
        ])
      return .token(response.accessToken, updated)
    case .rejected(let body):
      let failure = ErrorExplainer.failure(for: body)
      DiagnosticLog.logger("roster.identity").warning(
        "refresh rejected",
        metadata: [
          "user": "\(entry.account.username.string)", "error": "\(LogRedaction.scrubJWTs(body.error))",
          "signed_out": "\(body.error == "invalid_grant" && !needsInteraction(body))",
        ])
      // The service is having trouble: the session is fine, try again later.
      if ["temporarily_unavailable", "server_error"].contains(body.error) {
        return .failed(TokenServiceUnavailable(failure: failure))
      }
      if needsInteraction(body) { return .signInRequired(failure) }
      if body.error == "invalid_grant" {
        var signedOut = entry
        signedOut.refreshToken = nil
        signedOut.accessToken = nil
        signedOut.account.accessTokenExpiresAt = nil
        signedOut.signedOutReason = failure.message.string
        signedOut.updatedAt = issuedAt
        file.accounts[key] = signedOut
      }
      return .signInRequired(failure)
    case .failed(let failure, _, let transport, let status, let retryAfter):
      if let transport { return .failed(transport) }
      // No OAuth error body (a 5xx, a 429, a proxy's page, malformed JSON): never ends a session.
      return .failed(TokenServiceUnavailable(failure: failure, retryAfter: retryAfter, throttled: status == 429))
    }
  }

  /// MFA, consent, Conditional Access and similar: the refresh token is fine but a person must
  /// act in a browser, so it is kept.
  static func needsInteraction(_ body: OAuthErrorBody) -> Bool {
    let interactiveErrors = ["interaction_required", "consent_required", "login_required"]
    let interactiveSubErrors = [
      "basic_action", "additional_action", "message_only", "consent_required",
      "user_password_expired",
    ]
    return interactiveErrors.contains(body.error) || interactiveSubErrors.contains(body.suberror ?? "")
  }
}
