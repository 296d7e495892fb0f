import Foundation
import SandboxDirectory

/// One soft-deleted user or Microsoft 365 group as `/directory/deletedItems` holds it: Graph's
/// properties (with `deletedDateTime`) in Graph's order, and who deleted it as the directory's
/// audit log says (nil when no audit entry names anyone).
struct DeletedObject: Sendable {
  enum Kind: String, Sendable {
    case user, group

    /// `microsoft.graph.user` or `microsoft.graph.group`: the cast segment of the path.
    var castName: String { "microsoft.graph.\(rawValue)" }
    /// What the audit log's `activityDisplayName` says for the deletion.
    var activity: String { self == .user ? "Delete user" : "Delete group" }
    /// The audit log's `targetResources[].type` and `category`.
    var auditType: String { self == .user ? "User" : "Group" }
    var auditCategory: String { self == .user ? "UserManagement" : "GroupManagement" }
  }

  /// Who a `directoryAudits` entry says acted: a person or an app (`initiatedBy.user` or `.app`).
  enum Deleter: Sendable {
    case user(id: String, displayName: String, userPrincipalName: String)
    case app(id: String, displayName: String)
  }

  var kind: Kind
  var id: String
  var displayName: String
  var deletedDateTime: Date
  /// Every property, `deletedDateTime` last; `$select` picks from these.
  var properties: [(String, JSONValue)]
  var deletedBy: Deleter?

  /// Graph's deleted users keep their mail but not their user principal name: it is prefixed with
  /// the object id without hyphens, which frees the name for a new account [observed].
  static func mangledUPN(_ upn: String, id: String) -> String {
    id.replacingOccurrences(of: "-", with: "") + upn
  }

  /// A user from the directory as Graph keeps it once soft-deleted at `date`.
  static func user(_ user: DirectoryUser, in directory: Directory, deletedAt date: Date, by deleter: Deleter?)
    -> DeletedObject
  {
    let names = (try? directory.selectedProperties(nil)) ?? ["id", "displayName", "userPrincipalName"]
    var members: [(String, JSONValue)] = []
    if case .object(let rendered) = directory.render(user, properties: names, basicProfileOnly: false) {
      members = rendered
    }
    members = members.map { name, value in
      name == "userPrincipalName" ? (name, .string(mangledUPN(user.userPrincipalName, id: user.id))) : (name, value)
    }
    members.append(("deletedDateTime", .string(GraphEndpoints.dateFormat(date) + "Z")))
    return DeletedObject(
      kind: .user, id: user.id, displayName: user.displayName ?? "", deletedDateTime: date, properties: members,
      deletedBy: deleter)
  }

  /// An empty object of `kind` with every property name, to check a `$select` against.
  static func probe(_ kind: Kind) -> DeletedObject {
    let names =
      kind == .user
      ? [
        "id", "businessPhones", "displayName", "givenName", "jobTitle", "mail", "mobilePhone", "officeLocation",
        "preferredLanguage", "surname", "userPrincipalName", "deletedDateTime",
      ]
      : [
        "id", "displayName", "description", "mail", "mailNickname", "groupTypes", "mailEnabled", "securityEnabled",
        "visibility", "createdDateTime", "deletedDateTime",
      ]
    return DeletedObject(
      kind: kind, id: "", displayName: "", deletedDateTime: .distantPast, properties: names.map { ($0, .null) },
      deletedBy: nil)
  }

  /// `$select`: the named properties in the order asked, `id` always; an unknown name is Graph's 400.
  func selected(_ names: [String]?) throws(GraphError) -> JSONValue {
    guard let names else { return .object(properties) }
    var picked: [(String, JSONValue)] = []
    for name in names {
      guard let member = properties.first(where: { $0.0.lowercased() == name.lowercased() }) else {
        throw GraphError(
          status: 400, code: "Request_BadRequest",
          message: "Could not find a property named '\(name)' on type 'microsoft.graph.\(kind.rawValue)'.")
      }
      if !picked.contains(where: { $0.0 == member.0 }) { picked.append(member) }
    }
    if !picked.contains(where: { $0.0 == "id" }) { picked.insert(("id", .string(id)), at: 0) }
    return .object(picked)
  }
}
