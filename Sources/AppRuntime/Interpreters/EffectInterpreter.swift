import RosterCore

/// One feature's effects, interpreted on the worker queue. `EffectRuntime` routes each effect to
/// the one interpreter of its feature; an interpreter handed another feature's effect finishes it
/// without doing anything (the router's switch makes that impossible).
protocol EffectInterpreter {
  func interpret(_ effect: Effect, _ feedback: EffectFeedback)
}

extension EffectInterpreter {
  /// Ends an effect routed here by mistake: counted as finished so the Store's busy count holds.
  func notMine(_ effect: Effect, _ feedback: EffectFeedback) {
    assertionFailure("\(Self.self) was handed \(effect)")
    feedback.finish()
  }
}
