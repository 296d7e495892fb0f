import Foundation
import RosterCore

/// What an enterprise app may do, from three of Graph's answers: its delegated grants
/// (`/servicePrincipals/{id}/oauth2PermissionGrants`: a `scope` of space-separated values per
/// resource and consent), its app roles (`/servicePrincipals/{id}/appRoleAssignments`: a role's id
/// per resource), and each resource's own names for them (its `oauth2PermissionScopes` and
/// `appRoles`), so "df021288-…" reads "User.Read.All: Read all users' full profiles".
enum AppPermissionDecoding {
  /// A grant or an assignment, before its resource names it.
  struct Grant: Equatable {
    var resourceId: String
    var kind: AppPermission.Kind
    /// A delegated grant's scope value, or an app role's id.
    var value: String
    /// nil for a grant to everyone (`AllPrincipals`) and for app roles.
    var principalId: String?
  }

  /// A resource's names: its display name, scopes by value and roles by id.
  struct Resource {
    var displayName: CleanText
    var scopes: [String: CleanText] = [:]
    var roles: [String: (value: CleanText, description: CleanText?)] = [:]
  }

  static func grants(from data: Data) throws(DirectoryError) -> [Grant] {
    try ODataCollection(data).objects.flatMap { object -> [Grant] in
      guard let resource = object["resourceId"] as? String, let scope = object["scope"] as? String else { return [] }
      let everyone = (object["consentType"] as? String) == "AllPrincipals"
      return scope.split(separator: " ").map {
        Grant(
          resourceId: resource, kind: .delegated, value: String($0),
          principalId: everyone ? nil : (object["principalId"] as? String ?? ""))
      }
    }
  }

  static func roleAssignments(from data: Data) throws(DirectoryError) -> [Grant] {
    try ODataCollection(data).objects.compactMap { object in
      guard let resource = object["resourceId"] as? String, let role = object["appRoleId"] as? String else {
        return nil
      }
      return Grant(resourceId: resource, kind: .application, value: role, principalId: nil)
    }
  }

  static func resource(from data: Data) throws(DirectoryError) -> Resource {
    let object = try PeopleDecoding.jsonObject(data)
    var resource = Resource(displayName: AppDecoding.text(object["displayName"]) ?? CleanText("an API"))
    for scope in AppDecoding.objects(object["oauth2PermissionScopes"]) {
      guard let value = scope["value"] as? String else { continue }
      resource.scopes[value] = AppDecoding.text(scope["adminConsentDisplayName"])
    }
    for role in AppDecoding.objects(object["appRoles"]) {
      guard let id = (role["id"] as? String)?.lowercased(), let value = AppDecoding.text(role["value"]) else {
        continue
      }
      resource.roles[id] = (value, AppDecoding.text(role["displayName"]))
    }
    return resource
  }

  /// The grants in words: one permission per value and resource; a delegated value consented
  /// for everyone anywhere counts as everyone's, else the distinct people who consented.
  static func permissions(_ grants: [Grant], resources: [String: Resource]) -> [AppPermission] {
    var merged: [String: (grant: Grant, people: Set<String>, everyone: Bool)] = [:]
    var order: [String] = []
    for grant in grants {
      let key = "\(grant.kind)|\(grant.resourceId.lowercased())|\(grant.value.lowercased())"
      if merged[key] == nil {
        merged[key] = (grant, [], false)
        order.append(key)
      }
      if let person = grant.principalId { merged[key]?.people.insert(person) } else { merged[key]?.everyone = true }
    }
    return order.compactMap { merged[$0] }.map { entry in
      let resource = resources[entry.grant.resourceId.lowercased()]
      let name = resource?.displayName ?? CleanText(entry.grant.resourceId)
      switch entry.grant.kind {
      case .application:
        let role = resource?.roles[entry.grant.value.lowercased()]
        return AppPermission(
          kind: .application, resource: name, value: role?.value ?? CleanText(entry.grant.value),
          description: role?.description)
      case .delegated:
        return AppPermission(
          kind: .delegated, resource: name, value: CleanText(entry.grant.value),
          description: resource?.scopes[entry.grant.value],
          consentedPeople: entry.everyone ? nil : entry.people.count)
      }
    }
  }
}
