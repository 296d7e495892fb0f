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

  /// Whether `person` matches every word of `query` as typed (an empty query matches everyone).
  public static func matches(_ person: Person, query: String) -> Bool {
    Narrowing(query).matches(person.searchFields)
  }

  /// `people` who match `query` as typed; the query is prepared once for all of them.
  public static func narrow(_ people: [Person], to query: String) -> [Person] {
    let narrowing = Narrowing(query)
    return people.filter { narrowing.matches($0.searchFields) }
  }

  /// Whether everyone matching `newer` also matches `older` (see `Narrowing.query(_:refines:)`).
  public static func query(_ newer: String, refines older: String) -> Bool {
    Narrowing.query(newer, refines: older)
  }
}
