import RosterCore

/// How the runtime reports back to the `Store`: actions to send, and the end of each effect.
///
/// Both closures may be called from any thread; the Store's implementation hops to the main queue.
/// `finish` must be called exactly once per effect handed to the runtime (it drives the Store's
/// busy counter), after any action that effect sends.
public struct EffectFeedback: Sendable {
  /// Sends an action to the Store (hops to the main queue).
  public var send: @Sendable (AppAction) -> Void
  /// Hands text to the UI's clipboard writer (hops to the main queue).
  public var copyToClipboard: @Sendable (String) -> Void
  /// Reports that one effect ended (hops to the main queue).
  public var finish: @Sendable () -> Void
  /// The session generation the effect was started in (`AppState.sessionGeneration`): the Store
  /// drops what it sends about a session that has since ended.
  public var session: Int

  public init(
    send: @escaping @Sendable (AppAction) -> Void, copyToClipboard: @escaping @Sendable (String) -> Void,
    finish: @escaping @Sendable () -> Void, session: Int = 0
  ) {
    self.session = session
    self.send = send
    self.copyToClipboard = copyToClipboard
    self.finish = finish
  }
}
