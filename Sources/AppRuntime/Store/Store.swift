import Foundation
import RosterCore

/// Holds the `AppState`, applies actions on the main queue, and hands effects to the runtime.
///
/// ```
///  keys ─► view-controller ─► Store.send(action)            (main queue = UI executor)
///                               │ state.now = clock()
///                               │ effects = reduce(&state, action)      (pure)
///                               │ onChange(state) ─► renderer (coalesces redraws)
///                               │ busy += 1 per effect, BEFORE dispatch
///                               ▼
///                  EffectRuntime on "roster.worker" (serial): one interpreter per feature
///                    timers via Scheduler, Tasks for HTTP, cancel by CancelID (JobTable)
///                               │ results as actions
///                               ▼
///                  main queue: Store.send(result)  ·  busy -= 1 when the effect ends
/// ```
///
/// The busy counter (lazygit's `Busy.md`) lets end-to-end tests wait for `isIdle` instead of
/// sleeping: it counts effects handed to the runtime and not yet finished, including pending
/// debounce timers and a sign-in waiting for the person.
@MainActor
public final class Store {
  /// The current state; read it to render, never write it (send an action).
  public private(set) var state: AppState
  /// The renderer: told after every action (it coalesces redraws itself).
  public var onChange: ((AppState) -> Void)?
  /// Told whenever the store becomes idle (e.g. to touch an `--idle-file` for tests).
  public var onIdle: (() -> Void)?
  /// The UI's clipboard writer (OSC 52); the runtime hands `.copyToClipboard` effects back to it on
  /// the main queue, like every other result.
  public var copyToClipboard: ((String) -> Void)?
  /// Effects handed to the runtime and not finished yet.
  public private(set) var effectsInFlight = 0
  /// Of those, the background ones (`Effect.isBackground`: the periodic presence refresh), which
  /// wait for as long as people are on screen and so do not make the app busy.
  public private(set) var backgroundInFlight = 0

  private let runtime: any EffectRunning
  /// The local index's search (milliseconds): `.searchIndex` effects run here, on the main
  /// queue, and their answer is reduced before this `send` returns, so the list drawn for a key
  /// is already the index's answer. They never reach the runtime.
  private let instantSearch: InstantIndexSearch
  private let clock: @Sendable () -> Date
  private let delivery: any WorkQueue

  /// - Parameters:
  ///   - runtime: interprets effects (the `EffectRuntime`).
  ///   - instantSearch: answers `.searchIndex` within `send` (the runtime's `instantSearch`).
  ///   - clock: the wall clock stamped into `state.now` before each action.
  ///   - delivery: where results come back; must be the main queue (tests drain it by hand on the
  ///     main actor).
  public init(
    initialState: AppState, runtime: any EffectRunning, instantSearch: InstantIndexSearch,
    clock: @escaping @Sendable () -> Date = { Date() }, delivery: any WorkQueue = DispatchQueue.main
  ) {
    self.state = initialState
    self.runtime = runtime
    self.instantSearch = instantSearch
    self.clock = clock
    self.delivery = delivery
  }

  /// Whether no effect is in flight (no timer pending, no request on the wire) besides the
  /// background refresh timer.
  public var isIdle: Bool { effectsInFlight == backgroundInFlight }

  /// Applies `action`, tells the observer, and starts the effects it asked for. `session` is the
  /// generation of the effect that sent it: an answer about a session that has ended since
  /// (signed out, switched account) is dropped before any reducer sees it.
  public func send(_ action: AppAction, fromSession session: Int? = nil) {
    if let session, session != state.sessionGeneration, action.belongsToSession { return }
    state.now = clock()
    let effects = reduce(&state, action)
    var answers: [AppAction] = []
    for effect in effects {
      if case .searchIndex(let query, let id) = effect {
        if let answer = instantSearch.answer(query, requestID: id) { answers.append(answer) }
        continue
      }
      effectsInFlight += 1
      if effect.isBackground { backgroundInFlight += 1 }
      runtime.run(effect, feedback: feedback(effect.isBackground ? backgroundFinish : finish))
    }
    guard answers.isEmpty else {
      // One observer call for the key and its answers (people and groups): the renderer draws
      // them together, never a frame with one kind answered and the other not yet.
      let holding = holdsChange
      holdsChange = true
      for answer in answers { send(answer) }
      holdsChange = holding
      guard !holding else { return }
      onChange?(state)
      if isIdle { onIdle?() }
      return
    }
    guard !holdsChange else { return }
    onChange?(state)
    if effects.isEmpty, isIdle { onIdle?() }
  }

  /// Set while the index's answers to one key are reduced: the observer is told once, after all.
  private var holdsChange = false

  /// The feedback for one effect, stamped with the session it starts in.
  private func feedback(_ finish: @escaping @Sendable () -> Void) -> EffectFeedback {
    let delivery = self.delivery
    let store = self
    let session = state.sessionGeneration
    return EffectFeedback(
      send: { action in delivery.enqueue { MainActor.assumeIsolated { store.send(action, fromSession: session) } } },
      copyToClipboard: { text in delivery.enqueue { MainActor.assumeIsolated { store.copyToClipboard?(text) } } },
      finish: finish, session: session)
  }

  private lazy var finish: @Sendable () -> Void = {
    let delivery = self.delivery
    let store = self
    return { delivery.enqueue { MainActor.assumeIsolated { store.effectFinished() } } }
  }()

  /// A background effect's end (`Effect.isBackground`): it never made the app busy.
  private lazy var backgroundFinish: @Sendable () -> Void = {
    let delivery = self.delivery
    let store = self
    return {
      delivery.enqueue {
        MainActor.assumeIsolated {
          store.backgroundInFlight -= 1
          store.effectFinished()
        }
      }
    }
  }()

  private func effectFinished() {
    guard effectsInFlight > 0 else {
      assertionFailure("an effect finished twice")
      return
    }
    effectsInFlight -= 1
    if isIdle { onIdle?() }
  }
}
