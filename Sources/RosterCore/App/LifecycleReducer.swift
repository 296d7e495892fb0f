import Foundation

/// App-wide events: start, session, ticks for countdowns, focus, help, quit, sign-out.
enum LifecycleReducer {
  static func reduce(_ state: inout AppState, _ action: LifecycleAction) -> [Effect] {
    switch action {
    case .started:
      guard state.screen == .login, state.login.phase == .idle else { return [] }
      state.login.phase = .restoring
      return [.restoreSession]
    case .sessionRestored(let account):
      guard state.screen == .login, state.login.phase == .restoring else { return [] }
      // A restored session lists presence as soon as the people shown stay put.
      if let account { return LoginReducer.signedIn(&state, account) + PresenceReducer.settle(state) }
      return LoginReducer.startSignIn(&state)
    case .tick:
      return tick(&state)
    case .quitRequested:
      state.quitRequested = true
      return CancelID.allCases.map { .cancel(id: $0) }
    case .helpToggled:
      state.isHelpVisible.toggle()
      return []
    case .focusSwitched:
      guard state.screen == .main else { return [] }
      let toDetail = state.focus == .list && state.hasListSelection
      state.focus = toDetail ? .detail : .list
      if state.layout.showsOnePaneAtATime { state.singlePaneDetailOpen = toDetail }
      return toDetail ? DetailReducer.selectionNeededNow(&state) : DetailReducer.walkEnded(&state)
    case .terminalResized(let size):
      state.terminal = size  // recomputes `state.layout`
      if !state.layout.showsOnePaneAtATime { state.singlePaneDetailOpen = false }
      // Narrowed to one pane while the detail had the keys: show the pane that has them.
      if state.layout.showsOnePaneAtATime, state.focus == .detail { state.singlePaneDetailOpen = true }
      if let pageSize = state.layout.searchPageSize { state.field.pageSize = pageSize }
      return []
    case .signOutRequested:
      guard state.account != nil || state.screen == .main || state.screen == .tasks else { return [] }
      SessionReset.clear(&state)
      return CancelID.allCases.map { .cancel(id: $0) } + [.signOut]
    case .signedOut:
      if state.screen == .login, state.login.phase == .idle { state.login.reason = "Signed out." }
      return []
    case .bannerDismissed:
      state.banner = nil
      return []
    case .warningRaised(let message):
      state.showBanner(CleanText(message), kind: .error, seconds: Tuning.warningSeconds)
      return []
    }
  }

  /// Ends what is due at `state.now` (banner, throttle wait, expired device code) and schedules
  /// the next tick while anything still counts down.
  private static func tick(_ state: inout AppState) -> [Effect] {
    var effects: [Effect] = []
    if let banner = state.banner, Countdown.isDue(banner.expiresAt, now: state.now) { state.banner = nil }
    if case .throttled(let countdown) = state.search.status, Countdown.isDue(countdown.until, now: state.now) {
      effects += PeopleSearch.retryDue(&state)
    }
    if let retry = state.detail.pane.personPane?.retry, Countdown.isDue(retry.until, now: state.now) {
      state.detail.pane.personPane?.retry = nil
    }
    if state.screen == .login, let prompt = state.login.deviceCode, Countdown.isDue(prompt.expiresAt, now: state.now) {
      state.login.phase = .failed(
        SignInFailure(
          message: "The code expired before it was entered. Press r for a new one.", error: "expired_token",
          canRetry: true))
      effects.append(.cancel(id: .signIn))
    }
    return effects + ticking(state)
  }

  /// A countdown started or moved (`DerivedEvent.countdownChanged`): the tick follows it. Features
  /// set their deadlines; none of them asks for the tick.
  static func countdownChanged(_ state: inout AppState) -> [Effect] { ticking(state) }

  /// `.scheduleTick` timed to the next whole second of the nearest countdown, or nothing when
  /// nothing counts down (no timer runs while idle).
  static func ticking(_ state: AppState) -> [Effect] {
    let delays = state.countdownDeadlines.map { Countdown.delayToNextSecond(of: $0, now: state.now) }
    guard let delay = delays.min() else { return [] }
    return [.scheduleTick(after: .milliseconds(Int64((delay * 1000).rounded())))]
  }
}
