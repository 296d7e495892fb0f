import RosterCore
import SearchRules

/// `dept:`, `is:` … written as Graph `$filter` clauses, with which of them need an advanced query.
///
/// Operators per property are Microsoft's "filter directory objects" table (PROTOCOL.md, "Filters
/// in the search field"): `startsWith` is default on `department`, `jobTitle`, `city` and
/// `country` and advanced-only on `officeLocation` and `companyName`; `eq` is default on
/// `userType` and `accountEnabled`; `ne null` (has a mobile) is advanced-only. Who reports to whom
/// is not a property of a user, so `manager:` and `under:` have no clause at all.
extension PersonFilter {
  /// The clause, escaped but not percent-encoded; nil when Graph's `$filter` cannot say it.
  var odataClause: String? {
    switch self {
    case .property(let property, let value):
      return "startswith(\(property.rawValue),\(ODataText.filterLiteral(value)))"
    case .guest: return "userType eq 'Guest'"
    case .member: return "userType eq 'Member'"
    case .disabled: return "accountEnabled eq false"
    case .hasMobile: return "mobilePhone ne null"
    case .manager, .under: return nil
    }
  }

  /// Whether Graph runs the clause only with `ConsistencyLevel: eventual` and `$count=true`.
  var needsAdvancedQuery: Bool {
    switch self {
    case .property(let property, _): return property == .officeLocation || property == .companyName
    case .hasMobile: return true
    case .guest, .member, .disabled, .manager, .under: return false
    }
  }

  /// The properties a person's record needs so the filter can be checked again locally (the
  /// narrowing while a request is out, the CLI's checks).
  var selectedFields: [String] {
    switch self {
    case .property(let property, _): return [property.rawValue]
    case .guest, .member: return ["userType"]
    case .disabled: return ["accountEnabled"]
    case .hasMobile: return ["mobilePhone"]
    case .manager, .under: return []
    }
  }
}

extension UserQuery {
  /// Why Graph cannot be asked `filters` in `style`; nil when it can. Said instead of sending a
  /// query that would answer another question (a filter dropped, or refused by the tenant).
  static func refusal(_ filters: [PersonFilter], style: Style) -> DirectoryError? {
    if let organisational = filters.first(where: { $0.odataClause == nil }) {
      // `GraphDirectory+Organisation` answers these before a query is built; never sent.
      return .unsupportedQuery("\(organisational.typed): Microsoft Graph cannot filter people by who they report to.")
    }
    if style == .filter, let advanced = filters.first(where: \.needsAdvancedQuery) {
      return .unsupportedQuery(
        "\(advanced.typed): Microsoft Graph answers this only in an advanced query, "
          + "which this tenant (or the searchMode setting) does not allow.")
    }
    return nil
  }

  /// The filters' clauses joined by `and`; nil when there are none.
  var filtersExpression: String? {
    let clauses = filters.compactMap(\.odataClause)
    return clauses.isEmpty ? nil : clauses.joined(separator: " and ")
  }

  /// Whether the request is an advanced query: `$search`, or a filter that needs one.
  var isAdvanced: Bool {
    style == .search && (!serverWords.isEmpty || filters.contains(where: \.needsAdvancedQuery))
  }

  /// `listFields` plus what the filters need to be checked locally and what the caller asked for.
  var selectedFields: [String] {
    var fields = Self.listFields
    for field in filters.flatMap(\.selectedFields) + extraFields where !fields.contains(field) { fields.append(field) }
    return fields
  }
}
