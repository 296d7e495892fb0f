import Foundation

/// One line of `roster doctor`: what was checked, what was found and, for a problem, what to do.
struct DoctorCheck: Encodable, Equatable {
  enum Status: String, Encodable {
    /// Fine.
    case ok
    /// Something to fix: `roster doctor` exits 1.
    case problem
    /// Worth knowing, not wrong (a feature the token does not cover, no index yet).
    case note
  }

  var name: String
  var status: Status
  var summary: String
  /// What to do; every problem has one.
  var fix: String?

  static func ok(_ name: String, _ summary: String) -> DoctorCheck {
    DoctorCheck(name: name, status: .ok, summary: summary)
  }
  static func problem(_ name: String, _ summary: String, fix: String) -> DoctorCheck {
    DoctorCheck(name: name, status: .problem, summary: summary, fix: fix)
  }
  static func note(_ name: String, _ summary: String, fix: String? = nil) -> DoctorCheck {
    DoctorCheck(name: name, status: .note, summary: summary, fix: fix)
  }

  /// `✓ Terminal: …`, `✗ Clock: … → fix`; with `words` (NO_COLOR, or not a terminal) the mark is
  /// followed by `ok`/`PROBLEM`/`note`, so the line says it without colour.
  func line(colour: Bool) -> String {
    let mark: String
    switch (status, colour) {
    case (.ok, true): mark = "\u{1B}[32m✓\u{1B}[0m"
    case (.problem, true): mark = "\u{1B}[31m✗\u{1B}[0m"
    case (.note, true): mark = "\u{1B}[33m·\u{1B}[0m"
    case (.ok, false): mark = "✓ ok     "
    case (.problem, false): mark = "✗ PROBLEM"
    case (.note, false): mark = "· note   "
    }
    var text = "\(mark) \(name): \(summary)"
    if let fix { text += " → \(fix)" }
    return text
  }
}
