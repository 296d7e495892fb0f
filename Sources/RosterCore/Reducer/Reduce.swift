import Foundation

/// Applies `action` to `state` and returns the work to do next, as data.
///
/// Pure: no clocks (time is `state.now`, stamped by the `Store`), no queues, no I/O. Each feature
/// reduces its own actions in its own file; features call each other's helpers where one event
/// touches several (a new result list changes the selection, which changes the detail pane).
public func reduce(_ state: inout AppState, _ action: AppAction) -> [Effect] {
  let effects = reduceFeature(&state, action)
  return effects + PhotoReducer.follow(&state)
}

/// The feature that owns `action`.
private func reduceFeature(_ state: inout AppState, _ action: AppAction) -> [Effect] {
  switch action {
  case .app(let action): return LifecycleReducer.reduce(&state, action)
  case .setup(let action): return SetupReducer.reduce(&state, action)
  case .login(let action): return LoginReducer.reduce(&state, action)
  case .search(let action): return SearchReducer.reduce(&state, action)
  case .list(let action): return ListReducer.reduce(&state, action)
  case .detail(let action): return DetailReducer.reduce(&state, action)
  case .photo(let action): return PhotoReducer.reduce(&state, action)
  }
}

/// The engine's timings and sizes, in one place.
public enum Tuning {
  /// The pause after the last keystroke before a search goes out, unless settings say otherwise.
  public static let defaultDebounce: Duration = .milliseconds(150)
  /// The pause after a selection change before the detail pane loads (scrolling fast through the
  /// list sends no request per row).
  public static let detailDebounce: Duration = .milliseconds(120)
  /// A selection change sooner than this after the previous one is part of a run (a held or
  /// repeated arrow key: autorepeat sends one every 25–40 ms); the detail pane fills when the
  /// selection has rested this long. 100 ms is about the longest delay still read as instant.
  public static let selectionRest: Duration = .milliseconds(100)
  /// How long a banner stays.
  public static let bannerSeconds: TimeInterval = 3
  /// Pages hold about two screens of rows, within these bounds.
  public static let pageSizeRange: ClosedRange<Int> = 20...100
  /// Below this many columns the UI shows one pane at a time.
  public static let singlePaneBelowColumns = 60

  /// The search debounce for `settings` (`debounceMs`, clamped to 0...2000 ms).
  static func debounce(_ settings: Settings) -> Duration {
    .milliseconds(min(max(settings.debounceMs, 0), 2_000))
  }
}

extension Duration {
  /// This duration in (fractional) seconds, for `Date` arithmetic.
  public var timeInterval: TimeInterval {
    let parts = components
    return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
  }
}
