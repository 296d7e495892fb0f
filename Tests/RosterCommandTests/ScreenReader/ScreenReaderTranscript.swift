import Foundation

/// A terminal transcript as a person reads it: the line-editing sequences the line mode may write
/// (carriage return, `CSI K`, `CSI n D`) applied, and what changes from run to run (presence,
/// clocks, today's state) replaced by a word in angle brackets.
enum ScreenReaderTranscript {
  /// The escape sequences in `raw` that are not line editing (empty when it is clean), and any
  /// other control character than CR, LF and backspace.
  static func foreignSequences(_ raw: String) -> [String] {
    let allowed = /\x{1B}\[[0-9]*[DCK]/
    var rest = raw.replacing(allowed, with: "")
    var foreign: [String] = []
    while let escape = rest.firstIndex(of: "\u{1B}") {
      foreign.append(String(rest[escape...].prefix(8)).debugDescription)
      rest = String(rest[rest.index(after: escape)...])
    }
    for scalar in rest.unicodeScalars where scalar.value < 0x20 && ![0x0A, 0x0D, 0x08, 0x1B].contains(scalar.value) {
      foreign.append("U+\(String(scalar.value, radix: 16))")
    }
    return foreign
  }

  /// The lines of `raw` as a terminal shows them.
  static func rendered(_ raw: String) -> [String] {
    var lines: [String] = []
    var line: [Character] = []
    var column = 0
    var characters = Array(raw)[...]
    while let character = characters.popFirst() {
      switch character {
      case "\r\n", "\n":
        lines.append(String(line))
        line = []
        column = 0
      case "\r": column = 0
      case "\u{1B}":
        var parameter = ""
        _ = characters.popFirst()  // [
        while let next = characters.popFirst() {
          if next.isNumber {
            parameter.append(next)
            continue
          }
          let count = Int(parameter) ?? 1
          if next == "K" { line.removeSubrange(min(column, line.count)...) }
          if next == "D" { column = max(0, column - count) }
          if next == "C" { column += count }
          break
        }
      default:
        while line.count < column { line.append(" ") }
        if column < line.count { line[column] = character } else { line.append(character) }
        column += 1
      }
    }
    if !line.isEmpty { lines.append(String(line)) }
    return lines
  }

  /// The rendered lines with what varies between runs named instead.
  static func normalised(_ raw: String) -> String {
    let presence = try! Regex("— (available|idle|away|be right back|busy|do not disturb|offline|unknown)[a-z ,]*$")
    return rendered(raw).compactMap { line -> String? in
      if line.hasPrefix("Out of office:") || line.hasPrefix("Status:") { return nil }
      if line.hasPrefix("Presence: ") { return "Presence: <presence>" }
      if line.hasPrefix("Local time: ") { return "Local time: <their time>" }
      if line.hasPrefix("Today: ") { return "Today: <today's state>" }
      var line = line.replacing(/\d\d:\d\d/, with: "HH:MM")
      if line.first?.isNumber == true, let range = line.firstRange(of: presence) {
        line.replaceSubrange(range, with: "— <presence>")
      }
      return line
    }.joined(separator: "\n") + "\n"
  }
}
