/// A public memberwise initialiser (the synthesised one is internal), so the server and tests can
/// build users; everything but `id` and `userPrincipalName` defaults to empty.
extension DirectoryUser {
  public init(
    id: String, userPrincipalName: String, displayName: String? = nil, givenName: String? = nil,
    surname: String? = nil, mail: String? = nil, mailNickname: String? = nil, jobTitle: String? = nil,
    department: String? = nil, companyName: String? = nil, officeLocation: String? = nil, city: String? = nil,
    country: String? = nil, usageLocation: String? = nil, preferredLanguage: String? = nil,
    employeeId: String? = nil, businessPhones: [String] = [], mobilePhone: String? = nil,
    userType: String? = "Member", accountEnabled: Bool = true, managerId: String? = nil, hasPhoto: Bool = false,
    showInAddressList: Bool? = nil
  ) {
    self.id = id
    self.userPrincipalName = userPrincipalName
    self.displayName = displayName
    self.givenName = givenName
    self.surname = surname
    self.mail = mail
    self.mailNickname = mailNickname
    self.jobTitle = jobTitle
    self.department = department
    self.companyName = companyName
    self.officeLocation = officeLocation
    self.city = city
    self.country = country
    self.usageLocation = usageLocation
    self.preferredLanguage = preferredLanguage
    self.employeeId = employeeId
    self.businessPhones = businessPhones
    self.mobilePhone = mobilePhone
    self.userType = userType
    self.accountEnabled = accountEnabled
    self.managerId = managerId
    self.hasPhoto = hasPhoto
    self.showInAddressList = showInAddressList
  }
}
