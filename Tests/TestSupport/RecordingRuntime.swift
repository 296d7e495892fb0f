import AppRuntime
import Foundation
import RosterCore

/// Passes effects to a real runtime and records them, so tests can check what the reducer asked;
/// the actions the effects feed back go to `intercept` instead of straight to the Store, so the
/// `TestStore` can make the test receive (assert) each one.
public final class RecordingRuntime: EffectRunning, Sendable {
  private let base: any EffectRunning
  private let effects = LockedValue<[Effect]>([])
  private let intercept: @Sendable (AppAction, _ session: Int) -> Void

  public init(_ base: any EffectRunning, intercept: @escaping @Sendable (AppAction, _ session: Int) -> Void) {
    self.base = base
    self.intercept = intercept
  }

  public func run(_ effect: Effect, feedback: EffectFeedback) {
    effects.withLock { $0.append(effect) }
    let intercept = self.intercept
    let session = feedback.session
    let intercepted = EffectFeedback(
      send: { intercept($0, session) }, copyToClipboard: feedback.copyToClipboard, finish: feedback.finish,
      session: session)
    base.run(effect, feedback: intercepted)
  }

  /// Effects recorded since the last call, oldest first.
  public func takeEffects() -> [Effect] {
    effects.withLock { recorded in
      defer { recorded.removeAll() }
      return recorded
    }
  }
}
