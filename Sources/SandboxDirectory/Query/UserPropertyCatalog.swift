import Foundation

/// `$select` validation and rendering of users as Graph does it.
enum UserPropertyCatalog {
  /// What `GET /users` returns without `$select` (protocol.md §4.1), in Graph's order.
  static let defaultProperties = [
    "businessPhones", "displayName", "givenName", "id", "jobTitle", "mail", "mobilePhone", "officeLocation",
    "preferredLanguage", "surname", "userPrincipalName",
  ]

  /// What a token with only `User.ReadBasic.All` may see; everything else renders as null.
  static let basicProfile: Set<String> = [
    "displayName", "givenName", "id", "mail", "surname", "userPrincipalName", "securityIdentifier",
  ]

  /// Real Graph user properties the sandbox does not store: selecting them is valid and they render
  /// as null (or an empty array for collections), as they would for a sparse real account.
  static let unstoredProperties: [(name: String, isCollection: Bool)] = [
    ("aboutMe", false), ("ageGroup", false), ("birthday", false), ("createdDateTime", false),
    ("creationType", false), ("deletedDateTime", false), ("employeeHireDate", false), ("employeeType", false),
    ("externalUserState", false), ("externalUserStateChangeDateTime", false), ("faxNumber", false), ("hireDate", false),
    ("imAddresses", true),
    ("interests", true), ("isResourceAccount", false), ("lastPasswordChangeDateTime", false),
    ("legalAgeGroupClassification", false), ("mySite", false), ("onPremisesDistinguishedName", false),
    ("onPremisesDomainName", false), ("onPremisesImmutableId", false), ("onPremisesLastSyncDateTime", false),
    ("onPremisesSamAccountName", false), ("onPremisesSecurityIdentifier", false), ("onPremisesSyncEnabled", false),
    ("onPremisesUserPrincipalName", false), ("otherMails", true), ("passwordPolicies", false),
    ("pastProjects", true), ("postalCode", false), ("preferredDataLocation", false), ("preferredName", false),
    ("proxyAddresses", true), ("responsibilities", true), ("schools", true), ("securityIdentifier", false),
    ("showInAddressList", false), ("signInActivity", false), ("signInSessionsValidFromDateTime", false),
    ("skills", true), ("state", false),
    ("streetAddress", false),
  ]

  private static let unstoredByLowercasedName: [String: (name: String, isCollection: Bool)] = Dictionary(
    uniqueKeysWithValues: unstoredProperties.map { ($0.name.lowercased(), $0) })

  /// A Graph property the sandbox does not store, by case-insensitive name.
  static func unstoredProperty(named name: String) -> (name: String, isCollection: Bool)? {
    unstoredByLowercasedName[name.lowercased()]
  }

  /// Property names in `$select` order (case-insensitive, canonical spelling, duplicates dropped);
  /// `id` is added at the end when missing, because Graph always returns it for directory objects.
  static func selectedProperties(_ select: String?) throws(GraphQueryError) -> [String] {
    guard let select, !select.allSatisfy(\.isWhitespace) else { return defaultProperties }
    return try SelectList.names(
      select, canonical: { UserField.named($0)?.name ?? unstoredByLowercasedName[$0.lowercased()]?.name },
      unknown: GraphQueryError.unknownProperty, id: .last)
  }

  static func render(_ user: DirectoryUser, properties: [String], basicProfileOnly: Bool) -> JSONValue {
    .object(
      properties.map { name in
        if basicProfileOnly, !basicProfile.contains(name) { return (name, .null) }
        if let field = UserField.named(name) { return (field.name, field.json(of: user)) }
        // Stored, but outside `UserField`: only `$select` returns it (no `$search`, `$orderby`).
        if name.lowercased() == "showinaddresslist" {
          return ("showInAddressList", user.showInAddressList.map(JSONValue.bool) ?? .null)
        }
        // Made from the user, not stored (`DirectoryUser+Aliases`).
        switch name.lowercased() {
        case "proxyaddresses": return ("proxyAddresses", .array(user.proxyAddresses.map(JSONValue.string)))
        case "othermails": return ("otherMails", .array(user.otherMails.map(JSONValue.string)))
        default: break
        }
        if let unstored = unstoredByLowercasedName[name.lowercased()] {
          return (unstored.name, unstored.isCollection ? .array([]) : .null)
        }
        return (name, .null)
      })
  }
}
