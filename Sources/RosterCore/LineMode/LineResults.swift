/// One answer of the line mode's search: the rows it numbers and what it only counts.
public struct LineResults: Equatable, Sendable {
  /// What was typed, as typed (cleaned).
  public var query: String
  /// The exact matches numbered, best first (the list's ranking).
  public var exact: [LineRow]
  /// Close matches (misspellings) from the local index, numbered after the exact ones.
  public var close: [LineRow]
  /// Exact matches not numbered ("and 14 more").
  public var notShown: Int
  /// False when Graph had more pages than were read: the count is "N or more".
  public var totalKnown: Bool

  public init(query: String, exact: [LineRow], close: [LineRow] = [], notShown: Int = 0, totalKnown: Bool = true) {
    self.query = query
    self.exact = exact
    self.close = close
    self.notShown = notShown
    self.totalKnown = totalKnown
  }

  /// Every numbered row, exact first: number `n` opens `rows[n - 1]`.
  public var rows: [LineRow] { exact + close }
}

/// A person in a numbered list, with what a glyph says of them in the full-screen list.
public struct LineRow: Equatable, Sendable {
  public var person: Person
  /// Among the person's own people (★ in the list).
  public var isYourPerson: Bool
  /// A close match rather than an exact one (below the list's divider).
  public var isCloseMatch: Bool
  /// Presence in words ("available"); nil when not read.
  public var presence: String?

  public init(person: Person, isYourPerson: Bool = false, isCloseMatch: Bool = false, presence: String? = nil) {
    self.person = person
    self.isYourPerson = isYourPerson
    self.isCloseMatch = isCloseMatch
    self.presence = presence
  }
}
