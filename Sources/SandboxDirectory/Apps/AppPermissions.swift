import Foundation

/// An application permission an API publishes (Graph's `appRole`), granted to a client's
/// enterprise app by an `AppRoleAssignment`. Microsoft's ids are the same in every tenant.
public struct AppRole: Sendable, Equatable {
  public var id: String
  public var value: String
  public var displayName: String
  public var description: String

  public init(id: String, value: String, displayName: String, description: String) {
    self.id = id
    self.value = value
    self.displayName = displayName
    self.description = description
  }

  func rendered() -> JSONValue {
    .object([
      ("allowedMemberTypes", .array([.string("Application")])), ("description", .string(description)),
      ("displayName", .string(displayName)), ("id", .string(id)), ("isEnabled", .bool(true)),
      ("origin", .string("Application")), ("value", .string(value)),
    ])
  }
}

/// A delegated permission an API publishes (Graph's `permissionScope`), granted to a client by an
/// `oAuth2PermissionGrant` whose `scope` names its `value`. `adminOnly` is Graph's `type` "Admin".
public struct PermissionScope: Sendable, Equatable {
  public var id: String
  public var value: String
  public var adminConsentDisplayName: String
  public var userConsentDisplayName: String
  public var adminOnly: Bool

  public init(id: String, value: String, admin: String, user: String, adminOnly: Bool) {
    self.id = id
    self.value = value
    self.adminConsentDisplayName = admin
    self.userConsentDisplayName = user
    self.adminOnly = adminOnly
  }

  func rendered() -> JSONValue {
    .object([
      ("adminConsentDescription", .string("Allows the app to \(adminConsentDisplayName.lowercased()).")),
      ("adminConsentDisplayName", .string(adminConsentDisplayName)), ("id", .string(id)), ("isEnabled", .bool(true)),
      ("type", .string(adminOnly ? "Admin" : "User")),
      ("userConsentDescription", .string("Allows the app to \(userConsentDisplayName.lowercased()).")),
      ("userConsentDisplayName", .string(userConsentDisplayName)), ("value", .string(value)),
    ])
  }
}

/// Delegated permissions granted to a client enterprise app for one API (Graph's
/// `oAuth2PermissionGrant`): for everyone (`AllPrincipals`, an admin consented, `principalId`
/// null) or for one user who consented (`Principal`).
public struct PermissionGrant: Sendable, Equatable {
  public var id: String
  public var clientId: String
  public var principalId: String?
  public var resourceId: String
  public var scope: String

  public init(id: String, clientId: String, principalId: String?, resourceId: String, scope: String) {
    self.id = id
    self.clientId = clientId
    self.principalId = principalId
    self.resourceId = resourceId
    self.scope = scope
  }

  public func rendered() -> JSONValue {
    .object([
      ("clientId", .string(clientId)), ("consentType", .string(principalId == nil ? "AllPrincipals" : "Principal")),
      ("id", .string(id)), ("principalId", principalId.map(JSONValue.string) ?? .null),
      ("resourceId", .string(resourceId)), ("scope", .string(scope)),
    ])
  }
}

/// An application permission granted to a client enterprise app (Graph's `appRoleAssignment`
/// whose principal is a service principal): the resource's `appRoles` entry it names, who holds it.
public struct AppRoleGrant: Sendable, Equatable {
  public var id: String
  public var appRoleId: String
  public var principalId: String
  public var principalDisplayName: String
  public var resourceId: String
  public var resourceDisplayName: String
  public var createdDateTime: Date

  public init(
    id: String, appRoleId: String, principalId: String, principalDisplayName: String, resourceId: String,
    resourceDisplayName: String, createdDateTime: Date
  ) {
    self.id = id
    self.appRoleId = appRoleId
    self.principalId = principalId
    self.principalDisplayName = principalDisplayName
    self.resourceId = resourceId
    self.resourceDisplayName = resourceDisplayName
    self.createdDateTime = createdDateTime
  }

  /// In the order Graph's serviceprincipal-list-approleassignments example writes them.
  public func rendered() -> JSONValue {
    .object([
      ("id", .string(id)), ("deletedDateTime", .null), ("appRoleId", .string(appRoleId)),
      ("createdDateTime", .string(createdDateTime.formatted(.iso8601))),
      ("principalDisplayName", .string(principalDisplayName)), ("principalId", .string(principalId)),
      ("principalType", .string("ServicePrincipal")), ("resourceDisplayName", .string(resourceDisplayName)),
      ("resourceId", .string(resourceId)),
    ])
  }
}
