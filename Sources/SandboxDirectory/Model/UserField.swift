/// The Graph user properties the sandbox stores, with what `$filter`, `$search` and `$orderby`
/// allow on each (from Microsoft's "filter directory objects" table; see protocol.md §4.2–4.4).
enum UserField: Int, CaseIterable, Sendable {
  case id, displayName, givenName, surname, mail, userPrincipalName, mailNickname, jobTitle
  case department, companyName, officeLocation, city, country, usageLocation, preferredLanguage
  case employeeId, mobilePhone, userType, accountEnabled, businessPhones

  /// The Graph property name.
  var name: String { String(describing: self) }

  var kind: FilterValueKind {
    switch self {
    case .accountEnabled: return .boolean
    case .businessPhones: return .stringCollection
    default: return .string
    }
  }

  /// `eq` and `in`; `ne` and `not` need an advanced query wherever `eq` works.
  var equalitySupport: FilterSupport { self == .businessPhones ? .unsupported : .standard }

  /// `startsWith`: default on the name and address properties, advanced-only on a few others.
  /// `jobTitle` is treated as default as in Graph's table (protocol.md does not list it).
  var startsWithSupport: FilterSupport {
    switch self {
    case .displayName, .givenName, .surname, .mail, .userPrincipalName, .mailNickname, .jobTitle, .department,
      .city, .country, .usageLocation, .employeeId:
      return .standard
    case .companyName, .officeLocation, .mobilePhone, .preferredLanguage: return .advancedOnly
    case .id, .userType, .accountEnabled, .businessPhones: return .unsupported
    }
  }

  /// `endsWith` exists only in advanced queries and only on mail and userPrincipalName.
  var endsWithSupport: FilterSupport { self == .mail || self == .userPrincipalName ? .advancedOnly : .unsupported }

  /// `$search` clauses: displayName is tokenized, the other string properties are prefix matches.
  var isSearchable: Bool { kind == .string && self != .id }

  /// `$orderby` without advanced query headers.
  var isSortable: Bool { self == .displayName || self == .userPrincipalName }

  /// Case-insensitive lookup of a property name.
  static func named(_ name: String) -> UserField? { byLowercasedName[name.lowercased()] }

  private static let byLowercasedName: [String: UserField] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.name.lowercased(), $0) })

  /// The value of a string property (nil for null, and for non-string properties).
  func string(of user: DirectoryUser) -> String? {
    switch self {
    case .id: return user.id
    case .displayName: return user.displayName
    case .givenName: return user.givenName
    case .surname: return user.surname
    case .mail: return user.mail
    case .userPrincipalName: return user.userPrincipalName
    case .mailNickname: return user.mailNickname
    case .jobTitle: return user.jobTitle
    case .department: return user.department
    case .companyName: return user.companyName
    case .officeLocation: return user.officeLocation
    case .city: return user.city
    case .country: return user.country
    case .usageLocation: return user.usageLocation
    case .preferredLanguage: return user.preferredLanguage
    case .employeeId: return user.employeeId
    case .mobilePhone: return user.mobilePhone
    case .userType: return user.userType
    case .accountEnabled, .businessPhones: return nil
    }
  }

  /// The value as Graph renders it.
  func json(of user: DirectoryUser) -> JSONValue {
    switch self {
    case .accountEnabled: return .bool(user.accountEnabled)
    case .businessPhones: return .array(user.businessPhones.map(JSONValue.string))
    default: return string(of: user).map(JSONValue.string) ?? .null
    }
  }
}
