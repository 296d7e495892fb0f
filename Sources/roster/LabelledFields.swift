/// The labelled lines of the CLI's detail views (`show`, `groups show`, `rooms show`): labels in
/// one column, and a value that is missing or empty said as "not set", the words the UI's panes
/// use, so a field reads the same on the screen and in a terminal (CSV leaves it empty, JSON null).
enum LabelledFields {
  static let missing = "not set"

  static func lines(_ fields: [(String, String?)]) -> [String] {
    let labelWidth = fields.map(\.0.count).max() ?? 0
    return fields.map { label, value in
      "  " + label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  "
        + (value.flatMap { $0.isEmpty ? nil : $0 } ?? missing)
    }
  }
}
