/// One condition typed into the search field or the CLI (`dept:Sales`, `is:guest`, `manager:Kim`)
/// beside the name words.
///
/// Each case says what a person must be, not how to ask for it: RosterCore matches it on a
/// `Person`, the Graph client writes it as `$filter`, and each path says so when it cannot answer
/// one (a name filter needs the organisation, not one person's record).
public enum PersonFilter: Sendable, Hashable {
  /// The property's value starts with the text, ignoring case, as Graph's `startswith` does.
  case property(FilterProperty, String)
  /// A direct report of the person the name finds.
  case manager(String)
  /// Anyone below the person the name finds, at any depth.
  case under(String)
  /// `userType` is `Guest`.
  case guest
  /// `userType` is `Member`.
  case member
  /// `accountEnabled` is false (only a token that may read it can tell: `User.Read.All`).
  case disabled
  /// Has a mobile phone number.
  case hasMobile

  /// How the filter is written in the field, for messages (`dept:"Research & Development"`).
  public var typed: String {
    switch self {
    case .property(let property, let value): return property.keys[0] + ":" + FilterSyntax.quotedIfNeeded(value)
    case .manager(let name): return "manager:" + FilterSyntax.quotedIfNeeded(name)
    case .under(let name): return "under:" + FilterSyntax.quotedIfNeeded(name)
    case .guest: return "is:guest"
    case .member: return "is:member"
    case .disabled: return "is:disabled"
    case .hasMobile: return "has:mobile"
    }
  }

  /// Whether the filter is about the organisation (who reports to whom) rather than a record.
  public var needsOrganisation: Bool {
    switch self {
    case .manager, .under: return true
    default: return false
    }
  }
}

/// A user property a filter compares by prefix, named as Graph names it.
public enum FilterProperty: String, Sendable, Hashable, CaseIterable {
  case department, jobTitle, officeLocation, companyName, city, country

  /// The words that name it in the field, the short one first.
  public var keys: [String] {
    switch self {
    case .department: return ["dept", "department"]
    case .jobTitle: return ["title", "jobtitle"]
    case .officeLocation: return ["office"]
    case .companyName: return ["company"]
    case .city: return ["city"]
    case .country: return ["country"]
    }
  }
}
