import Foundation
import NIOHTTP1
import RosterCore
import Transport

/// The authorization code + PKCE sign-in with a loopback redirect (RFC 8252): one listener on
/// 127.0.0.1, exactly one redirect accepted, then the listener closes; a pasted redirect URL
/// reaches the same code path.
final class BrowserSignIn: Cancellable, @unchecked Sendable {
  // @unchecked: mutable state is in `shared`, behind a lock; the rest is immutable.
  private struct Shared {
    var finished = false
    var server: LoopbackRedirectServer?
    var redeem: Task<Void, Never>?
    var timeout: (any Cancellable)?
  }

  let pkce = PKCE.generate()
  let state = PKCE.randomToken(bytes: 16)
  private let client: TokenEndpointClient
  private let configuration: OIDCConfiguration
  private let scopes: String
  private let redirectBase: URLComponents
  private let redirectPort: Int?
  private let includePrompt: Bool
  private let scheduler: any Scheduler
  private let shared = LockedValue(Shared())
  private let onFinish: @Sendable (Result<TokenResponse, SignInFailure>?) -> Void
  /// `http://localhost:PORT[/path]`, fixed once the listener is up.
  private let redirect = LockedValue<String?>(nil)

  /// How long to wait for the redirect; authorization codes live about ten minutes anyway.
  static let waitLimit: Duration = .seconds(15 * 60)

  init(
    client: TokenEndpointClient, configuration: OIDCConfiguration, scopes: String, redirectURI: String,
    redirectPort: Int? = nil, isB2C: Bool, scheduler: any Scheduler,
    onFinish: @escaping @Sendable (Result<TokenResponse, SignInFailure>?) -> Void
  ) throws(SignInFailure) {
    guard let base = URLComponents(string: redirectURI), base.scheme == "http",
      let host = base.host, LoopbackHost.contains(host)
    else {
      throw SignInFailure(
        message: "The redirectUri setting (\(redirectURI)) must be a loopback address such as http://localhost.",
        error: "invalid_redirect", canRetry: false)
    }
    self.client = client
    self.configuration = configuration
    self.scopes = scopes
    self.redirectBase = base
    self.redirectPort = redirectPort
    self.includePrompt = !isB2C
    self.scheduler = scheduler
    self.onFinish = onFinish
  }

  /// The path the redirect must arrive on (`/` for `http://localhost`).
  var expectedPath: String { RedirectParser.normalisedPath(redirectBase.path) }

  /// Starts the listener and returns the authorize URL to open plus the redirect URI in use.
  func start() async throws(SignInFailure) -> (authorizeURL: URL, redirectURI: String) {
    let server: LoopbackRedirectServer
    do {
      server = try await LoopbackRedirectServer.start(port: redirectPort ?? 0) { [weak self] target in
        self?.respond(to: target) ?? (.gone, RedirectPage.alreadyDone)
      }
    } catch {
      let which = redirectPort.map { "port \($0) (redirectPort; is another program using it?)" } ?? "a local port"
      throw SignInFailure(
        message: "Could not listen on \(which) for the browser's redirect; paste the redirect URL instead.",
        error: "listener_failed")
    }
    var components = redirectBase
    components.port = server.port
    if components.path.isEmpty { components.path = "" }
    let redirectURI = components.string ?? "http://localhost:\(server.port)"
    redirect.withLock { $0 = redirectURI }
    let timeout = scheduler.schedule(after: Self.waitLimit) { [weak self] in
      self?.finish(
        .failure(
          SignInFailure(
            message: "No sign-in arrived from the browser in time; start again.", error: "timed_out")))
    }
    let alreadyCancelled = shared.withLock { shared -> Bool in
      shared.server = server
      shared.timeout = timeout
      return shared.finished
    }
    if alreadyCancelled {
      server.close()
      timeout.cancel()
    }
    return (authorizeURL(redirectURI: redirectURI), redirectURI)
  }

  func authorizeURL(redirectURI: String) -> URL {
    var fields: [(String, String)] = [
      ("client_id", client.clientId), ("response_type", "code"), ("redirect_uri", redirectURI),
      ("response_mode", "query"), ("scope", scopes), ("state", state),
      ("code_challenge", pkce.challenge), ("code_challenge_method", pkce.method),
    ]
    if includePrompt { fields.append(("prompt", "select_account")) }
    let base = configuration.authorizationEndpoint.absoluteString
    let separator = base.contains("?") ? "&" : "?"
    return URL(string: base + separator + PercentEncoding.form(fields))!
  }

  /// A pasted redirect URL: true when it was this sign-in's redirect and is now being used.
  func submit(pastedURL: String) -> Bool {
    switch RedirectParser.parse(url: pastedURL, expectedState: state, expectedPath: expectedPath) {
    case .code(let code): return accept(code: code)
    case .error(let body):
      guard claim() else { return false }
      finish(.failure(ErrorExplainer.failure(for: body)))
      return true
    case .wrongState, .notARedirect: return false
    }
  }

  /// Explains why a pasted text was refused, for the CLI's prompt.
  func refusalReason(for pastedURL: String) -> String? {
    switch RedirectParser.parse(url: pastedURL, expectedState: state, expectedPath: expectedPath) {
    case .notARedirect(let reason): return reason
    case .wrongState: return "That redirect belongs to a different sign-in (its state does not match)."
    case .code, .error: return nil
    }
  }

  func cancel() { finish(nil) }

  /// Returns once the loopback listener has stopped accepting connections.
  func listenerClosed() async {
    await shared.withLock { $0.server }?.waitUntilClosed()
  }

  // MARK: - Redirect handling

  private func respond(to target: String) -> (HTTPResponseStatus, String) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts.first.map(String.init) ?? "/"
    guard RedirectParser.normalisedPath(path) == expectedPath else { return (.notFound, RedirectPage.notFound) }
    let query = parts.count > 1 ? String(parts[1]) : nil
    switch RedirectParser.parse(query: query, expectedState: state) {
    case .notARedirect:
      return (.badRequest, RedirectPage.notFound)
    case .wrongState:
      guard claim() else { return (.gone, RedirectPage.alreadyDone) }
      finish(
        .failure(
          SignInFailure(
            message: CleanText(
              "The browser sent back a sign-in that Roster did not start (state mismatch); it was refused. "
                + "Start again."), error: "state_mismatch")))
      return (.badRequest, RedirectPage.wrongState)
    case .error(let body):
      guard claim() else { return (.gone, RedirectPage.alreadyDone) }
      finish(.failure(ErrorExplainer.failure(for: body)))
      return (.ok, RedirectPage.failed)
    case .code(let code):
      return accept(code: code) ? (.ok, RedirectPage.signedIn) : (.gone, RedirectPage.alreadyDone)
    }
  }

  /// Marks the one redirect as taken and closes the listener; false when one was already taken.
  private func claim() -> Bool {
    let server = shared.withLock { shared -> LoopbackRedirectServer?? in
      if shared.finished || shared.redeem != nil { return .none }
      shared.redeem = Task {}  // placeholder so a second redirect sees the claim
      return .some(shared.server)
    }
    guard case .some(let listener) = server else { return false }
    listener?.close()
    return true
  }

  private func accept(code: Secret) -> Bool {
    guard claim(), let redirectURI = redirect.withLock({ $0 }) else { return false }
    let task = Task { [client, configuration, scopes, pkce] in
      let exchange = await client.redeemCode(
        tokenEndpoint: configuration.tokenEndpoint, code: code, redirectURI: redirectURI,
        verifier: pkce.verifier, scopes: scopes)
      if Task.isCancelled { return }
      switch exchange {
      case .tokens(let response): self.finish(.success(response))
      case .rejected(let body): self.finish(.failure(ErrorExplainer.failure(for: body)))
      case .failed(let failure, _, _, _, _): self.finish(.failure(failure))
      }
    }
    shared.withLock { $0.redeem = task }
    return true
  }

  /// Ends the sign-in once: closes the listener, stops the timer, reports the result.
  private func finish(_ result: Result<TokenResponse, SignInFailure>?) {
    let resources = shared.withLock { shared -> (LoopbackRedirectServer?, (any Cancellable)?, Task<Void, Never>?)? in
      if shared.finished { return nil }
      shared.finished = true
      return (shared.server, shared.timeout, shared.redeem)
    }
    guard let (server, timeout, redeem) = resources else { return }
    server?.close()
    timeout?.cancel()
    if result == nil { redeem?.cancel() }
    onFinish(result)
  }
}
