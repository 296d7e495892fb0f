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

  public init(
    send: @escaping @Sendable (AppAction) -> Void, copyToClipboard: @escaping @Sendable (String) -> Void,
    finish: @escaping @Sendable () -> Void
  ) {
    self.send = send
    self.copyToClipboard = copyToClipboard
    self.finish = finish
  }
}
