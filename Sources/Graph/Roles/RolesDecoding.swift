import Foundation
import RosterCore

/// Decodes role definitions, assignments, eligibility instances and group members leniently, as
/// `DeletedDecoding` does: an entry without the ids it needs is dropped, and text is cleaned here.
enum RolesDecoding {
  /// One assignment or eligibility before its role's name is known.
  struct Grant {
    var roleDefinitionId: String
    var principal: RoleHolding.Principal
    var eligible: Bool
    var endDateTime: Date?
  }

  static func definitions(_ data: Data) throws(DirectoryError) -> (roles: [RoleDefinition], nextLink: String?) {
    let page = try ODataCollection(data)
    let roles = page.objects.compactMap { object -> RoleDefinition? in
      guard let id = object["id"] as? String, !id.isEmpty else { return nil }
      let name = (object["displayName"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? id
      return RoleDefinition(id: CleanText(id).string, displayName: CleanText(name))
    }
    return (roles, page.nextLink)
  }

  static func grants(_ data: Data, eligible: Bool) throws(DirectoryError) -> (grants: [Grant], nextLink: String?) {
    let page = try ODataCollection(data)
    let grants = page.objects.compactMap { object -> Grant? in
      guard let role = object["roleDefinitionId"] as? String, let principalId = object["principalId"] as? String,
        !role.isEmpty, !principalId.isEmpty
      else { return nil }
      let expanded = object["principal"] as? [String: Any] ?? [:]
      return Grant(
        roleDefinitionId: CleanText(role).string, principal: principal(expanded, id: principalId), eligible: eligible,
        endDateTime: HealthDecoding.date(object["endDateTime"]))
    }
    return (grants, page.nextLink)
  }

  /// A directory object as `$expand=principal` or a member list gives it; without `@odata.type`
  /// an object with a user principal name is a person, one with an app id an app.
  static func principal(_ object: [String: Any], id: String) -> RoleHolding.Principal {
    let type = (object["@odata.type"] as? String)?.lowercased() ?? ""
    let kind: RoleHolding.Principal.Kind =
      type.hasSuffix("group")
      ? .group
      : type.hasSuffix("serviceprincipal")
        || (type.isEmpty && object["appId"] != nil && object["userPrincipalName"] == nil)
        ? .app : .person
    let address =
      kind == .app
      ? text(object["appId"])
      : kind == .group ? text(object["mail"]) : text(object["userPrincipalName"]) ?? text(object["mail"])
    return RoleHolding.Principal(
      kind: kind, id: CleanText(id).string, displayName: text(object["displayName"]), address: address)
  }

  static func members(_ data: Data) throws(DirectoryError) -> (members: [RoleHolding.Principal], nextLink: String?) {
    let page = try ODataCollection(data)
    let members = page.objects.compactMap { object -> RoleHolding.Principal? in
      guard let id = object["id"] as? String, !id.isEmpty else { return nil }
      return principal(object, id: id)
    }
    return (members, page.nextLink)
  }

  private static func text(_ value: Any?) -> CleanText? {
    (value as? String).flatMap { $0.isEmpty ? nil : CleanText($0) }
  }
}
