/// A person from the directory, with every field the list and the detail pane show.
///
/// Property names are Graph v1.0's, so JSON output of `roster search --json` uses them too.
/// Every field but `id` is optional: Graph omits or nulls fields the token may not read
/// (`User.ReadBasic.All` sees only the basic profile), and directory data is often incomplete.
/// Strings here are raw directory text: sanitise before display (see `DirectoryText`).
public struct Person: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var displayName: String?
  public var givenName: String?
  public var surname: String?
  public var mail: String?
  public var userPrincipalName: String?
  public var jobTitle: String?
  public var department: String?
  public var companyName: String?
  public var officeLocation: String?
  public var businessPhones: [String]?
  public var mobilePhone: String?
  public var userType: String?
  public var accountEnabled: Bool?
  /// Graph's `showInAddressList`: false for someone hidden from the address list, whom Roster
  /// finds only by exact id, user name or mail (`Person+AddressList`). Usually nil (unset).
  public var showInAddressList: Bool?

  public init(
    id: String, displayName: String? = nil, givenName: String? = nil, surname: String? = nil,
    mail: String? = nil, userPrincipalName: String? = nil, jobTitle: String? = nil,
    department: String? = nil, companyName: String? = nil, officeLocation: String? = nil,
    businessPhones: [String]? = nil, mobilePhone: String? = nil, userType: String? = nil,
    accountEnabled: Bool? = nil, showInAddressList: Bool? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.givenName = givenName
    self.surname = surname
    self.mail = mail
    self.userPrincipalName = userPrincipalName
    self.jobTitle = jobTitle
    self.department = department
    self.companyName = companyName
    self.officeLocation = officeLocation
    self.businessPhones = businessPhones
    self.mobilePhone = mobilePhone
    self.userType = userType
    self.accountEnabled = accountEnabled
    self.showInAddressList = showInAddressList
  }
}
