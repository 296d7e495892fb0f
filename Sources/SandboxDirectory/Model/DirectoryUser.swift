import Foundation

/// One directory user with Graph v1.0 property names.
public struct DirectoryUser: Sendable, Equatable, Codable {
  public var id: String
  public var displayName: String?
  public var givenName: String?
  public var surname: String?
  public var mail: String?
  public var userPrincipalName: String
  public var mailNickname: String?
  public var jobTitle: String?
  public var department: String?
  public var companyName: String?
  public var officeLocation: String?
  public var city: String?
  public var country: String?
  public var usageLocation: String?
  public var preferredLanguage: String?
  public var employeeId: String?
  public var businessPhones: [String]
  public var mobilePhone: String?
  public var userType: String?  // "Member" or "Guest"
  public var accountEnabled: Bool
  /// The manager's `id`, nil for the top of the tree and for people without a manager.
  public var managerId: String?
  /// Whether the person has a photo (generated on request from `id`).
  public var hasPhoto: Bool
  /// Graph's `showInAddressList`: false for people hidden from the address list (often
  /// confidential staff), nil (unset) for most, as in real tenants.
  public var showInAddressList: Bool?
  /// `proxyAddresses` given by a people file, served as they are; nil for the generated ones
  /// (`DirectoryUser+Aliases`), which cost no storage.
  public var storedProxyAddresses: [String]? = nil
}
