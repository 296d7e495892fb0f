import SearchRules

/// The order groups are listed in for a query (issue 40): as for people and rooms, a group whose
/// name starts with the first word typed comes first, then one whose name holds every word, and
/// last one found only by its description ("Incident Review Board" has "ma…" only in what it is
/// for, so it must not head a search for "ma"); within each, in the source's order (the index's
/// is by name). The index sorts its matches the same way before paging
/// (`DirectoryIndex.searchGroups`), and the list sorts each answer with this, whichever source
/// gave it.
public struct GroupOrder: Sendable {
  private let first: String
  private let rules: [WordMatch]

  public init(_ text: String) {
    first = Narrowing.words(text).first ?? ""
    rules = QueryWords.words(in: text).map(WordMatch.init)
  }

  /// 0: the name starts with the first word; 1: the name holds every word; 2: the description
  /// is needed.
  public func tier(of group: Group) -> Int {
    let name = TextFolding.searchFolded(group.name.string)
    if !first.isEmpty, name.hasPrefix(first) { return 0 }
    let nameOnly = SearchFields(.groups, values: [group.displayName?.string, nil])
    return rules.allSatisfy { $0.matches(nameOnly) } ? 1 : 2
  }

  /// `groups` in this order; stable, so groups of one tier keep the source's order.
  public func sorted(_ groups: [Group]) -> [Group] {
    groups.enumerated()
      .map { (tier: tier(of: $0.element), offset: $0.offset, group: $0.element) }
      .sorted { $0.tier != $1.tier ? $0.tier < $1.tier : $0.offset < $1.offset }
      .map(\.group)
  }
}
