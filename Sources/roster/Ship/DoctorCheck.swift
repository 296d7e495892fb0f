import Foundation
import TerminalUI

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
  /// followed by `ok`/`PROBLEM`/`note`, so the line says it without colour. Broken at spaces to
  /// `width` cells, each continuation indented under the text after the mark (as `--help` indents
  /// under its descriptions), so the marks stay a column of their own.
  func lines(colour: Bool, width: Int) -> [String] {
    let mark: String
    switch (status, colour) {
    case (.ok, true): mark = "\u{1B}[32m✓\u{1B}[0m"
    case (.problem, true): mark = "\u{1B}[31m✗\u{1B}[0m"
    case (.note, true): mark = "\u{1B}[33m·\u{1B}[0m"
    case (.ok, false): mark = "✓ ok     "
    case (.problem, false): mark = "✗ PROBLEM"
    case (.note, false): mark = "· note   "
    }
    var text = "\(name): \(summary)"
    if let fix { text += " → \(fix)" }
    let indent = colour ? 2 : 10
    // Too narrow to wrap usefully: let the terminal fold what does not fit.
    let room = max(width - indent, 20)
    let wrapped = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { Self.wrap($0, width: room) }
    let pad = String(repeating: " ", count: indent)
    return [mark + " " + (wrapped.first ?? "")] + wrapped.dropFirst().map { pad + $0 }
  }

  /// `text` broken at spaces into lines of at most `width` cells. A word wider than that (a long
  /// path, a command to paste) stays whole on a line of its own, so it can still be copied.
  static func wrap(_ text: Substring, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    return lines + [line]
  }

  /// Columns doctor fits its lines to: COLUMNS when set (as `--help` reads it), else the
  /// terminal's, else 80 for a pipe or a file.
  static func width(environment: [String: String]) -> Int {
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    return Terminal.stdoutColumns() ?? 80
  }
}
