import RosterCore

/// Interprets effects; `EffectRuntime` is the real one.
public protocol EffectRunning: Sendable {
  /// Starts `effect`; called on the main queue, returns at once.
  func run(_ effect: Effect, feedback: EffectFeedback)
}
