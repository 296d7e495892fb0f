/// People the local index found for a misspelt query ("aditya gutpa" → Aditya Gupta): listed
/// below the exact answer, under a divider that names `forgiven` ("close matches for gutpa").
public struct CloseMatches: Equatable, Sendable {
  /// Best first (`CloseQuery`'s ranking).
  public var people: [Person]
  /// The typed words that were forgiven, as typed ("" when no word was).
  public var forgiven: String
  /// The people found by a word of their mail or user name rather than their name (杨伟, who is
  /// wei.yang@…, for `yang`): Graph's own search cannot find them that way.
  public var byMailName: Set<String>

  public init(people: [Person], forgiven: String, byMailName: Set<String> = []) {
    self.people = people
    self.forgiven = forgiven
    self.byMailName = byMailName
  }

  /// What the divider above them says: how they were found.
  public var label: String {
    let mailNamed = people.contains { byMailName.contains($0.id) }
    let close = "close matches for \u{201C}\(forgiven)\u{201D}"
    switch (mailNamed, forgiven.isEmpty) {
    case (true, true): return "found by mail name"
    case (true, false): return "by mail name, or " + close
    case (false, _): return close
    }
  }
}
