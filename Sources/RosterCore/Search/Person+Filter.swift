import SearchRules

extension Person {
  /// Whether the person meets `filter` as Graph's `$filter` would judge it: a property filter is a
  /// case-insensitive prefix (`startswith`: accents count, as in Graph), `is:` and `has:` read
  /// `userType`, `accountEnabled` and `mobilePhone`. nil for `manager:` and `under:`, which need
  /// the organisation, not one record; the caller must answer those itself or say it cannot.
  public func matches(_ filter: PersonFilter) -> Bool? {
    switch filter {
    case .property(let property, let prefix):
      guard let value = self[filterProperty: property]?.string else { return false }
      return TextFolding.caseFolded(value).hasPrefix(TextFolding.caseFolded(prefix))
    case .guest: return userType.map { TextFolding.caseFolded($0.string) == "guest" } ?? false
    case .member: return userType.map { TextFolding.caseFolded($0.string) == "member" } ?? false
    case .disabled: return accountEnabled == false
    case .hasMobile: return !(mobilePhone?.string.allSatisfy(\.isWhitespace) ?? true)
    case .manager, .under: return nil
    }
  }

  /// Whether the person meets every filter that can be judged from their record (nil when one
  /// needs the organisation).
  public func matchesAll(_ filters: [PersonFilter]) -> Bool? {
    var all = true
    for filter in filters {
      guard let matched = matches(filter) else { return nil }
      all = all && matched
    }
    return all
  }

  /// The value a property filter compares.
  public subscript(filterProperty property: FilterProperty) -> CleanText? {
    switch property {
    case .department: return department
    case .jobTitle: return jobTitle
    case .officeLocation: return officeLocation
    case .companyName: return companyName
    case .city: return city
    case .country: return country
    }
  }
}
