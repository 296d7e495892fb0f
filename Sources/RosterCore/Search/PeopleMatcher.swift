import SearchRules

/// The one rule for "does this person match this query", used to narrow results locally while a
/// request is pending: `Narrowing` over the person's `searchFields`.
///
/// A person matches when every word occurs (case- and diacritic-insensitively, with the folding
/// Graph's `$search` uses) in display name, given name, surname, mail or UPN, or matches as Graph
/// would match it, in any order: "smith alex" finds "Alex Smith". That is at least as loose as
/// Graph's prefix-of-token `$search`, so narrowing never hides someone the server would return
/// among the loaded results.
public enum PeopleMatcher {
  /// Trimmed, runs of whitespace collapsed to one space, case- and diacritic-folded.
  public static func normalize(_ query: String) -> String { Narrowing.normalize(query) }

  /// Whether `person` matches every word of `query` as typed (an empty query matches everyone),
  /// and every filter in it (`dept:` …; never for `manager:`/`under:`, which one record cannot tell).
  public static func matches(_ person: Person, query: String) -> Bool {
    narrow([person], to: query).count == 1
  }

  /// `people` who match `query` as typed; the query is prepared once for all of them.
  public static func narrow(_ people: [Person], to query: String) -> [Person] {
    guard let parsed = filtered(query) else {
      let narrowing = Narrowing(query)
      return people.filter { narrowing.matches($0.searchFields) }
    }
    let narrowing = Narrowing(parsed.text)
    return people.filter { narrowing.matches($0.searchFields) && $0.matchesAll(parsed.filters) == true }
  }

  /// Whether everyone matching `newer` also matches `older` (see `Narrowing.query(_:refines:)`):
  /// for filters, every filter of `older` is in `newer`, or narrowed by a longer prefix
  /// (`dept:sa` → `dept:sal`).
  public static func query(_ newer: String, refines older: String) -> Bool {
    let newerParsed = filtered(newer)
    let olderParsed = filtered(older)
    if newerParsed == nil, olderParsed == nil { return Narrowing.query(newer, refines: older) }
    guard let newerQuery = newerParsed ?? (try? FilterSyntax.parse(newer)),
      let olderQuery = olderParsed ?? (try? FilterSyntax.parse(older))
    else { return false }
    let kept = olderQuery.filters.allSatisfy { old in newerQuery.filters.contains { implies($0, old) } }
    return kept && Narrowing.query(newerQuery.text, refines: olderQuery.text)
  }

  /// The query's words and filters when it holds a filter; nil for plain words (or a malformed filter).
  private static func filtered(_ query: String) -> FilterSyntax.Parsed? {
    guard FilterSyntax.mayHoldFilters(query), let parsed = try? FilterSyntax.parse(query), !parsed.filters.isEmpty
    else { return nil }
    return parsed
  }

  /// Whether everyone `newer` keeps, `older` keeps too.
  private static func implies(_ newer: PersonFilter, _ older: PersonFilter) -> Bool {
    if newer == older { return true }
    guard case .property(let newProperty, let newValue) = newer, case .property(let oldProperty, let oldValue) = older,
      newProperty == oldProperty
    else { return false }
    return TextFolding.caseFolded(newValue).hasPrefix(TextFolding.caseFolded(oldValue))
  }
}
