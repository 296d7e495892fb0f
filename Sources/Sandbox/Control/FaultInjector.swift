import Foundation
import SandboxDirectory
import Synchronization

/// The active fault rules. Rules with a `count` are consumed as they fire; `probability` rolls
/// a generator seeded from `--seed`, so a run with the same seed and traffic fails the same way.
final class FaultInjector: Sendable {
  private struct State {
    var rules: [FaultRule] = []
    var nextId = 1
    var random: SeededRandom
  }

  /// What to do with one request.
  struct Decision: Sendable, Equatable {
    var latencyMs = 0
    /// The first terminal rule that fired (status, reset, malformed, truncated), if any.
    var terminal: FaultRule? = nil
  }

  private let state: Mutex<State>

  init(seed: UInt64) { state = Mutex(State(random: SeededRandom(seed: seed))) }

  /// Adds per-request rules; immediate kinds are not stored (the caller applies them).
  func add(_ rule: FaultRule) -> FaultRule {
    state.withLock { state in
      var rule = rule
      rule.id = state.nextId
      state.nextId += 1
      if !rule.kind.isImmediate { state.rules.append(rule) }
      return rule
    }
  }

  var rules: [FaultRule] { state.withLock { $0.rules } }

  func clear() { state.withLock { $0.rules.removeAll() } }

  /// Latency to add and the terminal fault (if any) for a request; consumes counts.
  func decide(method: String, path: String) -> Decision {
    state.withLock { state in
      var decision = Decision()
      for index in state.rules.indices {
        let rule = state.rules[index]
        guard rule.kind != .slowDown, rule.matches(method: method, path: path) else { continue }
        if rule.kind != .latency && decision.terminal != nil { continue }
        guard Self.fires(&state.rules[index], random: &state.random) else { continue }
        if rule.kind == .latency { decision.latencyMs += rule.ms } else { decision.terminal = rule }
      }
      state.rules.removeAll { $0.count == 0 }
      return decision
    }
  }

  /// Whether a slow_down rule answers this device-code poll (consumes it).
  func slowDown(path: String) -> Bool {
    state.withLock { state in
      var fired = false
      for index in state.rules.indices where !fired {
        guard state.rules[index].kind == .slowDown, state.rules[index].matches(method: "POST", path: path) else {
          continue
        }
        fired = Self.fires(&state.rules[index], random: &state.random)
      }
      state.rules.removeAll { $0.count == 0 }
      return fired
    }
  }

  private static func fires(_ rule: inout FaultRule, random: inout SeededRandom) -> Bool {
    if let count = rule.count {
      guard count > 0 else { return false }
      rule.count = count - 1
      return true
    }
    if let probability = rule.probability {
      return Double(random.next() >> 11) / Double(1 << 53) < probability
    }
    return true
  }
}
