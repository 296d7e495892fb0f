/// The search field, which every kind of row answers: its text, the id of its latest change, and
/// how many rows a page asks for. It is the field's own state, not people's: groups, rooms and
/// any kind added later read the query here, and people's slice (`SearchState`) holds only what
/// people answered.
public struct FieldState: Equatable, Sendable {
  /// The text in the search field (the cursor column is the view-controller's).
  public var query: CleanText
  /// Bumped on every query change; answers and timers tagged with another id are dropped.
  public var requestID: Int
  /// How many rows one page asks for (sized to the screen).
  public var pageSize: Int

  public init(query: CleanText = "", requestID: Int = 0, pageSize: Int = 50) {
    self.query = query
    self.requestID = requestID
    self.pageSize = pageSize
  }

  /// The query as the engine compares it (trimmed, single spaces, case-folded).
  public var normalizedQuery: String { PeopleMatcher.normalize(query.string) }
}
