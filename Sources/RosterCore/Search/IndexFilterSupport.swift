import SearchRules

/// What a local index can answer of a query's filters, from what it was filled with: one rule
/// that the reducer routes by (an index that cannot answer leaves the query to Graph) and that
/// the index itself refuses by, so the two never disagree.
///
/// Why a refusal and not an empty list: an index filled under `User.ReadBasic.All` holds no
/// department, title or user type, and without `User.Read.All` no manager links; "no one" would
/// answer another question than the one asked.
public struct IndexFilterSupport: Sendable, Equatable, Hashable {
  /// The rows hold the full profile (department, title, office, company, city, country, phones,
  /// user type, account state).
  public var fullProfiles: Bool
  /// The rows hold manager links (`manager:`, `under:`).
  public var managersKnown: Bool

  public init(fullProfiles: Bool, managersKnown: Bool) {
    self.fullProfiles = fullProfiles
    self.managersKnown = managersKnown
  }

  /// An index that can answer every filter.
  public static let everything = IndexFilterSupport(fullProfiles: true, managersKnown: true)

  /// Why the index cannot answer `filters`, as a sentence; nil when it can.
  public func refusal(_ filters: [PersonFilter]) -> String? {
    if filters.filter(\.needsOrganisation).count > 1 { return Self.oneOrganisationFilter }
    for filter in filters {
      if filter.needsOrganisation {
        if !managersKnown {
          return "\(filter.typed): the local index does not know who reports to whom (that needs User.Read.All)."
        }
      } else if !fullProfiles {
        return "\(filter.typed): the local index holds names and mail only (the rest needs User.Read.All)."
      }
    }
    return nil
  }

  /// Said for `manager:` and `under:` together, online and offline alike.
  public static let oneOrganisationFilter = "Use one of manager: and under: at a time."
}
