import Foundation
import RosterCore

/// Passes effects to a real runtime and records them, so tests can check what the reducer asked.
public final class RecordingRuntime: EffectRunning, @unchecked Sendable {
  private let base: any EffectRunning
  private let lock = NSLock()
  private var effects: [Effect] = []

  public init(_ base: any EffectRunning) {
    self.base = base
  }

  public func run(_ effect: Effect, feedback: EffectFeedback) {
    lock.withLock { effects.append(effect) }
    base.run(effect, feedback: feedback)
  }

  /// Effects recorded since the last call, oldest first.
  public func takeEffects() -> [Effect] {
    lock.withLock {
      defer { effects.removeAll() }
      return effects
    }
  }
}
