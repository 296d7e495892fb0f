import Foundation

/// Whether Roster runs as the line-by-line browser (issue 44 item 3) instead of the full screen.
///
/// Asked for, never guessed: `--screen-reader`, the `ACCESSIBLE` convention (GitHub CLI, Charm's
/// huh, clack) or the `screenReader` setting. `TERM` says nothing about whether someone listens to
/// the terminal — Speakup and BRLTTY users run `linux` and `xterm` like everyone else.
public enum ScreenReaderMode {
  /// Whether the line mode is chosen: the flag, `ACCESSIBLE` or the setting.
  public static func isRequested(flag: Bool, environment: [String: String], setting: Bool) -> Bool {
    flag || accessibleAsks(environment["ACCESSIBLE"]) || setting
  }

  /// Whether a value of `ACCESSIBLE` turns the mode on: anything but unset, empty, `0` or `false`
  /// (in any case), as the tools that read it agree.
  public static func accessibleAsks(_ value: String?) -> Bool {
    guard let value else { return false }
    let trimmed = value.trimmingCharacters(in: .whitespaces).lowercased()
    return !(trimmed.isEmpty || trimmed == "0" || trimmed == "false")
  }
}
