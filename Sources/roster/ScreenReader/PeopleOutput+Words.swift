import Foundation
import RosterCore

#if canImport(Glibc)
  import Glibc
#endif

/// Words for the one glyph `roster search`'s table prints with meaning (issue 44 item 4): ★
/// after the name of one of your people. The other marks already are words — close matches sit
/// under "-- close matches for “gutpa” --", a person found by an alias says "(alias …)", and
/// the rows left out are counted on stderr ("25 of 351 — --all for the rest").
extension PeopleOutput {
  /// ★ alone on a terminal, where the README and `?` explain it; "★ (your person)" when stdout is
  /// a pipe or a file (scripts that look for ★ still find it, and a log read aloud says it); the
  /// words alone when `ACCESSIBLE` asks for them, as the line mode does.
  static var yourPersonMark: String {
    if ScreenReaderMode.accessibleAsks(ProcessInfo.processInfo.environment["ACCESSIBLE"]) { return "(your person)" }
    return isatty(STDOUT_FILENO) == 1 ? YourPeople.mark : YourPeople.mark + " (your person)"
  }
}
