/// The two ways Roster asks Graph for people: `$search` (advanced query) or the `startswith`
/// `$filter` fallback. They differ in how many words the server is asked about.
public enum QueryStyle: Sendable, Equatable {
  case search, filter

  /// Words sent to the server; the rest are checked locally (`WordMatch`). `$search` takes eight
  /// groups comfortably; a `$filter` of nested `or`s stays within what Graph evaluates cheaply
  /// only for three.
  public var serverWordLimit: Int {
    switch self {
    case .search: return 8
    case .filter: return 3
    }
  }
}
