/// People the local index found for a misspelt query ("aditya gutpa" → Aditya Gupta): listed
/// below the exact answer, under a divider that names `forgiven` ("close matches for gutpa").
public struct CloseMatches: Equatable, Sendable {
  /// Best first (`CloseQuery`'s ranking).
  public var people: [Person]
  /// The typed words that were forgiven, as typed.
  public var forgiven: String

  public init(people: [Person], forgiven: String) {
    self.people = people
    self.forgiven = forgiven
  }
}
