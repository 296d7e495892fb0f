import Foundation
import RosterCore
import Transport

extension IdentitySession {
  /// The cap when the authorize URL is cleaned: it is opened and copied whole (the default cap
  /// would cut a long one), and it is our own percent-encoded URL, so cleaning leaves it as it is.
  static let longestURL = 8192

  /// Starts an interactive sign-in; `events` gets each step until `.signedIn` or `.failed`.
  public nonisolated func signIn(
    method: SignInMethod, events: @escaping @Sendable (SignInEvent) -> Void
  ) -> any Cancellable {
    let operation = SignInOperation()
    let task = Task {
      let result = await self.runSignIn(method: method, operation: operation, events: events)
      switch result {
      case .success(let account): events(.signedIn(account))
      case .failure(let failure): events(.failed(failure))
      }
    }
    operation.attach(task: task)
    return operation
  }

  /// Hands a pasted redirect URL to the browser sign-in in progress.
  public nonisolated func submitRedirectURL(_ url: String) -> Bool {
    currentBrowser.withLock { $0 }?.submit(pastedURL: url) ?? false
  }

  /// Why a pasted URL was refused, or nil when it would be accepted (or no browser sign-in runs).
  public nonisolated func redirectRefusalReason(_ url: String) -> String? {
    guard let flow = currentBrowser.withLock({ $0 }) else { return "No browser sign-in is waiting for a redirect." }
    return flow.refusalReason(for: url)
  }

  private func runSignIn(
    method: SignInMethod, operation: SignInOperation, events: @escaping @Sendable (SignInEvent) -> Void
  ) async -> Result<Account, SignInFailure> {
    if method == .deviceCode && configuration.authority.isB2C {
      return .failure(SignInMethodChooser.b2cHasNoDeviceCode)
    }
    let oidc: OIDCConfiguration
    do {
      oidc = try await discovery.configuration(for: configuration.authority)
    } catch {
      return .failure(Self.asFailure(error, host: configuration.authority.url.host))
    }
    let outcome: Result<TokenResponse, SignInFailure>?
    switch method {
    case .deviceCode:
      outcome = await runDeviceCode(oidc: oidc, operation: operation, events: events)
    case .browser:
      outcome = await runBrowser(oidc: oidc, operation: operation, events: events)
    }
    guard let outcome, !operation.isCancelled else {
      return .failure(SignInFailure(message: "Sign-in was cancelled.", error: "cancelled"))
    }
    switch outcome {
    case .failure(let failure): return .failure(failure)
    case .success(let tokens):
      do {
        return .success(try await completeSignIn(tokens))
      } catch {
        return .failure(Self.asFailure(error, host: nil))
      }
    }
  }

  private func runDeviceCode(
    oidc: OIDCConfiguration, operation: SignInOperation, events: @escaping @Sendable (SignInEvent) -> Void
  ) async -> Result<TokenResponse, SignInFailure>? {
    guard let endpoint = oidc.deviceAuthorizationEndpoint else {
      return .failure(
        SignInFailure(
          message: "This authority offers no device code sign-in; use the browser sign-in.", error: "unsupported_flow",
          canRetry: false))
    }
    let authorization: DeviceAuthorization
    do {
      authorization = try await client.requestDeviceCode(endpoint: endpoint, scopes: configuration.scopes)
    } catch {
      return .failure(error)
    }
    let issuedAt = now()
    events(
      .deviceCodeIssued(
        DeviceCodePrompt(
          userCode: authorization.userCode, verificationURI: authorization.verificationURI,
          message: authorization.message, expiresAt: issuedAt.addingTimeInterval(TimeInterval(authorization.expiresIn)),
          interval: authorization.interval)))
    let result = OneShot<Result<TokenResponse, SignInFailure>?>()
    let poller = DeviceCodePoller(
      client: client, tokenEndpoint: oidc.tokenEndpoint, authorization: authorization, scheduler: scheduler,
      onWaiting: { slowDown in events(.waitingForUser(slowDown: slowDown)) },
      onFinish: { result.fulfil($0) })
    operation.attach(flow: poller)
    poller.start(interval: authorization.interval, expiresIn: authorization.expiresIn)
    return await withTaskCancellationHandler {
      await result.value()
    } onCancel: {
      poller.cancel()
    }
  }

  private func runBrowser(
    oidc: OIDCConfiguration, operation: SignInOperation, events: @escaping @Sendable (SignInEvent) -> Void
  ) async -> Result<TokenResponse, SignInFailure>? {
    let result = OneShot<Result<TokenResponse, SignInFailure>?>()
    let flow: BrowserSignIn
    do {
      flow = try BrowserSignIn(
        client: client, configuration: oidc, scopes: configuration.scopes, redirectURI: configuration.redirectURI,
        redirectPort: configuration.redirectPort, isB2C: configuration.authority.isB2C, scheduler: scheduler,
        onFinish: { result.fulfil($0) })
    } catch {
      return .failure(error)
    }
    currentBrowser.withLock { $0 = flow }
    defer { currentBrowser.withLock { if $0 === flow { $0 = nil } } }
    operation.attach(flow: flow)
    let started: (authorizeURL: URL, redirectURI: String)
    do {
      started = try await flow.start()
    } catch {
      flow.cancel()
      return .failure(error)
    }
    events(
      .browserOpened(
        url: CleanText(started.authorizeURL.absoluteString, maxCharacters: Self.longestURL),
        listeningOn: CleanText(started.redirectURI)))
    opener?.open(started.authorizeURL)
    return await withTaskCancellationHandler {
      await result.value()
    } onCancel: {
      flow.cancel()
    }
  }

  /// Any error from discovery or the cache as a `SignInFailure`.
  static func asFailure(_ error: any Error, host: String?) -> SignInFailure {
    switch error {
    case let failure as SignInFailure: return failure
    case let transport as TransportError: return ResponseText.network(transport, host: host)
    case let required as SignInRequired: return required.failure
    default: return SignInFailure(message: "Sign-in failed: \(type(of: error)).", error: "internal")
    }
  }
}
