import Foundation

/// The engine's timings and sizes, in one place.
public enum Tuning {
  /// While Graph cannot be reached the index's sync is also the probe that notices it back, and
  /// presence is asked again as often: sooner than the usual retry, so "offline" clears (and a
  /// session ended meanwhile is said) within seconds of the network's return, without Ctrl-R. A
  /// refused connection costs nothing.
  static let offlineRetryInterval: Duration = .seconds(10)
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
  /// How long a warning (a repaired token cache) stays on the status line: long enough to read.
  public static let warningSeconds: TimeInterval = 10
  /// Pages hold about two screens of rows, within these bounds.
  public static let pageSizeRange: ClosedRange<Int> = 20...100
  /// Presence is asked for once the people on screen have been there this long (a new result
  /// list, a person opened), so typing and moving never ask per keystroke.
  public static let presenceSettle: Duration = .seconds(1)
  /// Presence is asked again this often while people are on screen: Teams presence changes over
  /// minutes, and the limit (1,500 calls / 30 s per app and tenant) is shared by every user.
  public static let presenceRefresh: Duration = .seconds(60)

  /// The search debounce for `settings` (`debounceMs`, clamped to 0...2000 ms).
  static func debounce(_ settings: Settings) -> Duration {
    .milliseconds(min(max(settings.debounceMs, 0), 2_000))
  }
}
