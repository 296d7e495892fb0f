import SearchRules

/// The bounds and sentences of `manager:` and `under:`, shared by Graph's walk of
/// `directReports` and the index's walk of its manager links, so both stop at the same place and
/// say the same thing.
extension OrgWalk {
  /// How many people an `under:` walk reads at most (the root included).
  public static let filterLimit = 2_000
  /// How many levels `under:` goes down; `manager:` goes one.
  public static let filterDepth = 20

  /// The walk `filter` asks for: its name and depth; nil for any other filter.
  public static func asked(by filter: PersonFilter) -> (name: String, depth: Int)? {
    switch filter {
    case .manager(let name): return (name, 1)
    case .under(let name): return (name, filterDepth)
    default: return nil
    }
  }

  /// Said when the walk met more than `filterLimit` people: a part of them would answer "some of
  /// the people below".
  public static func tooMany(_ filter: PersonFilter) -> String {
    "\(filter.typed) reaches more than \(filterLimit) people; use someone lower down."
  }

  /// Said when the name finds no one.
  public static func noOne(_ filter: PersonFilter) -> String { "\(filter.typed): no one is called that." }

  /// Said when the name finds several people and none of them is called exactly that. When the
  /// name is one word and the search's `words` after it continue it into someone's whole display
  /// name (`manager:charlotte williams`), the fix is quoting, and that is what is said.
  public static func several(_ filter: PersonFilter, found: [Person], words: String = "") -> String {
    let names = found.prefix(5).compactMap { $0.displayName?.string }.joined(separator: ", ")
    let head =
      "\(filter.typed) could be \(found.count > 5 ? "any of \(found.count)+ people" : "several people"): \(names). "
    if let quoted = quoted(filter, found: found, words: words) {
      return head + "Quote a name with spaces: \(quoted.typed)."
    }
    return head + "Give more of the name, or their mail."
  }

  /// `filter` with its one-word name joined to the most of the following `words` that make some
  /// found person's whole display name (written as that person's name); nil when none do.
  static func quoted(_ filter: PersonFilter, found: [Person], words: String) -> PersonFilter? {
    guard let (name, _) = asked(by: filter), !name.contains(where: \.isWhitespace) else { return nil }
    let following = words.split(whereSeparator: \.isWhitespace)
    for count in stride(from: following.count, through: 1, by: -1) {
      let whole = TextFolding.searchFolded(([Substring(name)] + following.prefix(count)).joined(separator: " "))
      let named = found.lazy.compactMap(\.displayName?.string).first { TextFolding.searchFolded($0) == whole }
      guard let named else { continue }
      if case .under = filter { return .under(named) }
      return .manager(named)
    }
    return nil
  }

  /// How many of a name's matches `chosen` looks at: every match, up to one page of Graph's
  /// largest. The rule then does not depend on which ten a service happens to list first (Graph's
  /// order is its own, the index's the ranking's), so online and offline choose the same person;
  /// a name with more matches than this is refused by both alike.
  public static let resolveLimit = 999

  /// The one person of `found` (every match of a search for the name, up to `resolveLimit`, in
  /// the ranking's order) the name means: the only one, or the only one whose display name is the
  /// name; nil when none or several.
  public static func chosen(_ found: [Person], for name: String) -> Person? {
    if found.count == 1 { return found[0] }
    let folded = TextFolding.searchFolded(name)
    let exact = found.filter { TextFolding.searchFolded($0.displayName?.string ?? "") == folded }
    return exact.count == 1 ? exact[0] : nil
  }
}
