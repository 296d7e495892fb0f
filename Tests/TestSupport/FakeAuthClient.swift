import Foundation
import RosterCore

/// An `AuthClient` that records what the runtime asked and lets the test play sign-in events.
public final class FakeAuthClient: @unchecked Sendable {
  /// What the runtime asked for.
  public enum Request: Equatable, Sendable {
    case restoreSession
    case signIn(SignInMethod)
    case submitRedirectURL
    case signOut
  }

  /// One interactive sign-in started by the runtime.
  public final class SignIn: Cancellable, @unchecked Sendable {
    public let method: SignInMethod
    private let lock = NSLock()
    private var cancelled = false
    private let events: @Sendable (SignInEvent) -> Void

    init(method: SignInMethod, events: @escaping @Sendable (SignInEvent) -> Void) {
      self.method = method
      self.events = events
    }

    /// Whether the runtime cancelled it.
    public var wasCancelled: Bool { lock.withLock { cancelled } }
    public func cancel() { lock.withLock { cancelled = true } }
    /// Plays `event` as the identity layer would (from any thread).
    public func emit(_ event: SignInEvent) { events(event) }
  }

  private let lock = NSLock()
  private var requests: [Request] = []
  private var consumed = 0
  private var signIns: [SignIn] = []
  /// What `restoreSession` answers.
  public var restoredAccount: Account? {
    get { lock.withLock { _restored } }
    set { lock.withLock { _restored = newValue } }
  }
  private var _restored: Account?
  /// What `submitRedirectURL` answers; the URL it got is kept (tests may check it).
  public var acceptsRedirect = true
  public private(set) var submittedURLs: [String] = []
  private let activity: TestActivity

  public init(activity: TestActivity) {
    self.activity = activity
  }

  /// The client to hand to the runtime.
  public var client: AuthClient {
    AuthClient(
      restoreSession: {
        self.record(.restoreSession)
        return self.restoredAccount
      },
      signIn: { method, events in
        let signIn = SignIn(method: method, events: events)
        self.lock.withLock { self.signIns.append(signIn) }
        self.record(.signIn(method))
        return signIn
      },
      submitRedirectURL: { url in
        let accepted = self.lock.withLock { () -> Bool in
          self.submittedURLs.append(url)
          return self.acceptsRedirect
        }
        self.record(.submitRedirectURL)
        return accepted
      },
      signOut: { self.record(.signOut) },
      tokens: FakeTokenProvider()
    )
  }

  /// The sign-ins started so far, oldest first.
  public var allSignIns: [SignIn] { lock.withLock { signIns } }
  /// The latest sign-in.
  public var currentSignIn: SignIn? { allSignIns.last }

  /// Requests not yet taken by the test, marking them taken.
  public func takeRequests() -> [Request] {
    lock.withLock {
      let new = Array(requests[consumed...])
      consumed = requests.count
      return new
    }
  }

  /// Requests the test has not taken yet.
  public var untakenRequests: [Request] { lock.withLock { Array(requests[consumed...]) } }

  private func record(_ request: Request) {
    lock.withLock { requests.append(request) }
    activity.poke()
  }
}

/// Tokens for code that needs an `AccessTokenProvider` but never a real token.
public struct FakeTokenProvider: AccessTokenProvider {
  public init() {}
  public func accessToken(forceRefresh: Bool) async throws -> Secret { Secret("fake-access-token") }
}
