/// A person from the directory, with every field the list and the detail pane show.
///
/// Property names are Graph v1.0's, so JSON output of `roster search --json` uses them too.
/// Every field but `id` is optional: Graph omits or nulls fields the token may not read
/// (`User.ReadBasic.All` sees only the basic profile), and directory data is often incomplete.
/// Text fields are `CleanText`, cleaned where the person was decoded (Graph, an index row), so
/// screens draw them as they are. `id` stays as the server sent it: it is an identifier.
public struct Person: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var displayName: CleanText?
  public var givenName: CleanText?
  public var surname: CleanText?
  public var mail: CleanText?
  public var userPrincipalName: CleanText?
  public var jobTitle: CleanText?
  public var department: CleanText?
  public var companyName: CleanText?
  public var officeLocation: CleanText?
  /// Graph's `city` and `country` (free text, as the directory holds them): `city:` and `country:`
  /// filter by them.
  public var city: CleanText?
  public var country: CleanText?
  public var businessPhones: [CleanText]?
  public var mobilePhone: CleanText?
  public var userType: CleanText?
  public var accountEnabled: Bool?
  /// Graph's `showInAddressList`: false for someone hidden from the address list, whom Roster
  /// finds only by exact id, user name or mail (`Person+AddressList`). Usually nil (unset).
  public var showInAddressList: Bool?
  /// Graph's `proxyAddresses` (`SMTP:` the primary address, `smtp:` aliases), `otherMails` and
  /// `employeeId`: what people have in hand besides a name (an old address from a thread, an id
  /// from HR), each finding them (`Person+Identifier`).
  public var proxyAddresses: [CleanText]?
  public var otherMails: [CleanText]?
  public var employeeId: CleanText?
  /// Which of those found the person, when a search found them by one (`smtp:ann.old@contoso.com`),
  /// for the list, the pane and the CLI to say; nil when the name did. Not a Graph property.
  public var matchedIdentifier: CleanText?

  public init(
    id: String, displayName: CleanText? = nil, givenName: CleanText? = nil, surname: CleanText? = nil,
    mail: CleanText? = nil, userPrincipalName: CleanText? = nil, jobTitle: CleanText? = nil,
    department: CleanText? = nil, companyName: CleanText? = nil, officeLocation: CleanText? = nil,
    businessPhones: [CleanText]? = nil, mobilePhone: CleanText? = nil, userType: CleanText? = nil,
    accountEnabled: Bool? = nil, showInAddressList: Bool? = nil, city: CleanText? = nil, country: CleanText? = nil,
    proxyAddresses: [CleanText]? = nil, otherMails: [CleanText]? = nil, employeeId: CleanText? = nil
  ) {
    self.proxyAddresses = proxyAddresses
    self.otherMails = otherMails
    self.employeeId = employeeId
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
    self.city = city
    self.country = country
  }
}
