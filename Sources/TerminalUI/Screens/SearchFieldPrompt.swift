import RosterCore

/// What the empty search field and the empty list say the field takes: names first, then the
/// filters and lookups `SearchSyntaxHelp` lists (issue 40: the placeholder said only "name,
/// mail or user name", and nothing on screen named `manager:`, phones, aliases or employee ids).
enum SearchFieldPrompt {
  /// Longest first; the first that fits is shown whole, never cut ("? lists all" opens the help).
  static let placeholders = [
    "name, mail, phone, alias, employee id, dept:, manager: … ? lists all",
    "name, mail, phone, dept:, manager: … ? lists all",
    "name, mail, phone, dept: … ? lists all",
    "name, phone, dept: … ? lists all",
    "name, phone, dept: … ? help",
    "name, mail, phone …",
  ]

  /// The placeholder for a field of `width` cells (the field keeps two for the cursor).
  static func placeholder(width: Int) -> String {
    placeholders.first { DisplayWidth.of($0) <= width - 2 } ?? placeholders[placeholders.count - 1]
  }

  /// The empty list's lines before anything is typed.
  static let idleLines = [
    "Type a name, mail or user name.", "Matches appear as you type.",
    "A filter (dept:, manager:, under: …), phone number, alias or employee id finds people too; ? lists them.",
  ]

}
