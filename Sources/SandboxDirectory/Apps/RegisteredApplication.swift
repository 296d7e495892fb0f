import Foundation

/// What Graph's `application` (an app registration) and `servicePrincipal` (its enterprise app, the
/// app's instance in one tenant) share here: the object id, the app's `appId` (the client id both
/// carry), a display name and the owners, stored as user ids so an owner who has left the
/// directory simply no longer resolves, as devices' owners do.
public protocol DirectoryApp: Sendable {
  static var kind: AppKind { get }
  var id: String { get }
  var appId: String { get }
  var displayName: String { get }
  var ownerIds: [String] { get }
}

/// An app registration (`/applications`).
public struct RegisteredApplication: DirectoryApp, Equatable {
  public static let kind = AppKind.application
  public var id: String
  public var appId: String
  public var displayName: String
  /// `AzureADMyOrg`, `AzureADMultipleOrgs`, `AzureADandPersonalMicrosoftAccount`, as Graph spells them.
  public var signInAudience: String
  public var createdDateTime: Date
  public var passwordCredentials: [AppPasswordCredential] = []
  public var keyCredentials: [AppKeyCredential] = []
  public var ownerIds: [String] = []

  public init(id: String, appId: String, displayName: String, signInAudience: String, createdDateTime: Date) {
    self.id = id
    self.appId = appId
    self.displayName = displayName
    self.signInAudience = signInAudience
    self.createdDateTime = createdDateTime
  }
}

/// An enterprise app (`/servicePrincipals`): the tenant's own apps' (`appOwnerOrganizationId` is
/// the tenant) and other organizations' apps consented to here (Microsoft's, vendors').
public struct RegisteredServicePrincipal: DirectoryApp, Equatable {
  public static let kind = AppKind.servicePrincipal
  public var id: String
  public var appId: String
  public var displayName: String
  public var servicePrincipalType = "Application"
  public var accountEnabled = true
  public var appOwnerOrganizationId: String
  /// SAML token-signing certificates (a Sign and Verify pair each).
  public var keyCredentials: [AppKeyCredential] = []
  public var ownerIds: [String] = []
  /// What an API publishes (Microsoft Graph's, Exchange Online's); empty for the tenant's own apps.
  public var appRoles: [AppRole] = []
  public var oauth2PermissionScopes: [PermissionScope] = []

  public init(id: String, appId: String, displayName: String, appOwnerOrganizationId: String) {
    self.id = id
    self.appId = appId
    self.displayName = displayName
    self.appOwnerOrganizationId = appOwnerOrganizationId
  }
}

/// The tenant's app registrations and enterprise apps in generation order (the order the lists
/// page in), the permissions granted between them, with lookups by object id, `appId` and owner.
public struct AppSet: Sendable {
  public let applications: [RegisteredApplication]
  public let servicePrincipals: [RegisteredServicePrincipal]
  /// Delegated grants (`oauth2PermissionGrants`) and app role assignments, in generation order.
  public let permissionGrants: [PermissionGrant]
  public let roleGrants: [AppRoleGrant]
  /// Object ids ascending, for delta rounds.
  public let sortedApplicationIds: [String]
  public let sortedServicePrincipalIds: [String]
  private var applicationByAppId: [String: Int] = [:]
  private var principalByAppId: [String: Int] = [:]
  private var applicationById: [String: Int] = [:]
  private var principalById: [String: Int] = [:]
  private var applicationsByOwner: [String: [Int]] = [:]
  private var principalsByOwner: [String: [Int]] = [:]

  public init(
    applications: [RegisteredApplication] = [], servicePrincipals: [RegisteredServicePrincipal] = [],
    permissionGrants: [PermissionGrant] = [], roleGrants: [AppRoleGrant] = []
  ) {
    self.applications = applications
    self.servicePrincipals = servicePrincipals
    self.permissionGrants = permissionGrants
    self.roleGrants = roleGrants
    sortedApplicationIds = applications.map(\.id).sorted()
    sortedServicePrincipalIds = servicePrincipals.map(\.id).sorted()
    for (index, app) in applications.enumerated() {
      applicationById[app.id.lowercased()] = index
      applicationByAppId[app.appId.lowercased()] = index
      for owner in Set(app.ownerIds.map { $0.lowercased() }) { applicationsByOwner[owner, default: []].append(index) }
    }
    for (index, principal) in servicePrincipals.enumerated() {
      principalById[principal.id.lowercased()] = index
      // The tenant's own enterprise app wins over none; appIds are unique among principals here.
      principalByAppId[principal.appId.lowercased()] = index
      for owner in Set(principal.ownerIds.map { $0.lowercased() }) {
        principalsByOwner[owner, default: []].append(index)
      }
    }
  }

  public func application(id: String) -> RegisteredApplication? {
    applicationById[id.lowercased()].map { applications[$0] }
  }

  public func servicePrincipal(id: String) -> RegisteredServicePrincipal? {
    principalById[id.lowercased()].map { servicePrincipals[$0] }
  }

  /// The app registration or enterprise app whose `appId` this is (the alternate key
  /// `/applications(appId='…')`, `/servicePrincipals(appId='…')`).
  public func application(appId: String) -> RegisteredApplication? {
    applicationByAppId[appId.lowercased()].map { applications[$0] }
  }

  public func servicePrincipal(appId: String) -> RegisteredServicePrincipal? {
    principalByAppId[appId.lowercased()].map { servicePrincipals[$0] }
  }

  /// Delegated grants whose client is this enterprise app (`/servicePrincipals/{id}/oauth2PermissionGrants`).
  public func permissionGrants(ofClient id: String) -> [PermissionGrant] {
    permissionGrants.filter { $0.clientId.lowercased() == id.lowercased() }
  }

  /// App roles this enterprise app holds (`appRoleAssignments`) or, with `resource`, those
  /// granted on it (`appRoleAssignedTo`).
  public func roleGrants(of id: String, asResource resource: Bool = false) -> [AppRoleGrant] {
    let key = id.lowercased()
    return roleGrants.filter { (resource ? $0.resourceId : $0.principalId).lowercased() == key }
  }

  /// The app registrations and enterprise apps a user owns, in order (`ownedObjects`).
  public func owned(byUser userId: String) -> (
    applications: [RegisteredApplication], servicePrincipals: [RegisteredServicePrincipal]
  ) {
    let key = userId.lowercased()
    return (
      (applicationsByOwner[key] ?? []).map { applications[$0] },
      (principalsByOwner[key] ?? []).map { servicePrincipals[$0] }
    )
  }
}
