import RosterCore

/// How much of a person the signed-in token may read, as the index records it: the grant its rows
/// were filled with, compared with the current token's before the index answers anything.
///
/// `User.ReadBasic.All` reads names and mail only; `User.Read.All` (or a directory-wide grant)
/// adds job title, department, company, office, phones, user type, account state and managers.
public enum ProfileGrant: String, Sendable, Equatable, Codable {
  case basic
  case full

  public init(_ account: Account) {
    self = account.canReadFullProfiles ? .full : .basic
  }

  /// The `person` columns only a full grant may read: what `DirectoryIndex.conform(to:)` empties
  /// when the token no longer covers them. None of them is in the full-text table.
  static let fullProfileColumns = [
    "jobTitle", "department", "companyName", "officeLocation", "businessPhones", "mobilePhone", "userType",
    "accountEnabled", "managerId", "city", "country",
  ]
}
