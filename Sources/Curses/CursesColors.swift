import CNCurses
import TerminalUI

/// Maps `Style` colour roles to ncurses colour pairs, or to nothing when colour is unavailable or
/// `NO_COLOR` is set (https://no-color.org): Roster never depends on colour to be readable.
enum CursesColors {
  static func pair(for role: Style.ColorRole) -> Int16 {
    switch role {
    case .accent: return 1
    case .warning: return 2
    case .error: return 3
    case .success: return 4
    case .muted: return 5
    }
  }

  /// Sets up the colour pairs; returns whether colour is in use.
  @MainActor static func start(environment: [String: String]) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    guard has_colors() else { return false }
    start_color()
    use_default_colors()
    init_pair(1, Int16(COLOR_CYAN), -1)
    init_pair(2, Int16(COLOR_YELLOW), -1)
    init_pair(3, Int16(COLOR_RED), -1)
    init_pair(4, Int16(COLOR_GREEN), -1)
    init_pair(5, Int16(COLOR_BLUE), -1)
    return true
  }
}
