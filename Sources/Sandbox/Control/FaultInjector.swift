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
    /// Requests waiting on each `hold` rule, by rule id.
    var held: [Int: Int] = [:]
  }

  /// What to do with one request.
  struct Decision: Sendable, Equatable {
    var latencyMs = 0
    /// The first terminal rule that fired (status, reset, malformed, truncated), if any.
    var terminal: FaultRule? = nil
    /// The `hold` rule the request waits on (`waitWhileHeld`), if one fired.
    var hold: Int? = nil
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

  /// The rules as the control API lists them, a `hold` with how many requests it holds now.
  var json: [JSONValue] {
    state.withLock { state in
      state.rules.map { rule in
        guard rule.kind == .hold, case .object(var members) = rule.json else { return rule.json }
        members.append(("held", .int(state.held[rule.id] ?? 0)))
        return .object(members)
      }
    }
  }

  /// Clears every rule, which releases the requests held.
  func clear() { state.withLock { $0.rules.removeAll() } }

  /// Waits until the `hold` rule `id` is cleared. A request is never held for more than ten
  /// minutes, so a test that fails before releasing it cannot keep the server from stopping.
  func waitWhileHeld(_ id: Int) async {
    state.withLock { $0.held[id, default: 0] += 1 }
    defer { state.withLock { $0.held[id, default: 1] -= 1 } }
    let deadline = ContinuousClock.now + .seconds(600)
    while ContinuousClock.now < deadline, !Task.isCancelled, state.withLock({ $0.rules.contains { $0.id == id } }) {
      try? await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Latency to add and the terminal fault (if any) for a request; consumes counts.
  func decide(method: String, path: String) -> Decision {
    state.withLock { state in
      var decision = Decision()
      for index in state.rules.indices {
        let rule = state.rules[index]
        guard rule.kind != .slowDown, rule.matches(method: method, path: path) else { continue }
        if rule.kind == .hold {
          if rule.after > 0 { state.rules[index].after -= 1 } else if decision.hold == nil { decision.hold = rule.id }
          continue
        }
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
