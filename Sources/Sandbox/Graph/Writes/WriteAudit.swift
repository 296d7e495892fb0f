import Foundation
import SandboxDirectory

/// One directory audit entry a write made, in the directoryAudit resource's shape
/// (learn.microsoft.com/graph/api/resources/directoryaudit), with the category and activity names
/// of Microsoft's list (learn.microsoft.com/entra/identity/monitoring-health/reference-audit-activities).
/// Only successes are written: refusals never reach the real log's Core Directory entries.
struct WriteAudit: Sendable {
  struct Target: Sendable {
    var id: String
    var displayName: String?
    var type: String
    var userPrincipalName: String?
    /// (property, old value, new value), JSON text as Graph writes it (`"[true]"`).
    var modified: [(String, String?, String?)] = []
  }

  /// The activities the write endpoints log.
  enum Activity: String, Sendable {
    case revokeSessions = "Invalidate all refresh tokens for user"
    case disable = "Disable account"
    case enable = "Enable account"
    case temporaryAccessPass = "Admin registered security info"
    case invite = "Invite external user"
    case addMember = "Add member to group"
    case removeMember = "Remove member from group"

    var category: String {
      switch self {
      case .addMember, .removeMember: "GroupManagement"
      default: "UserManagement"
      }
    }

    var service: String {
      switch self {
      case .temporaryAccessPass: "Authentication Methods"
      case .invite: "Invited Users"
      default: "Core Directory"
      }
    }

    var operationType: String {
      switch self {
      case .addMember, .temporaryAccessPass, .invite: "Add"
      case .removeMember: "Delete"
      default: "Update"
      }
    }
  }

  var id = UUID().uuidString.lowercased()
  var activity: Activity
  var date: Date
  var initiator: DirectoryUser
  var targets: [Target]
  var resultReason = ""
  var correlationId = UUID().uuidString.lowercased()

  var targetIds: [String] { targets.map(\.id) }

  func json() -> JSONValue {
    .object([
      ("id", .string("Directory_" + id.replacingOccurrences(of: "-", with: "").prefix(20).uppercased())),
      ("category", .string(activity.category)), ("correlationId", .string(correlationId)),
      ("result", .string("success")), ("resultReason", .string(resultReason)),
      ("activityDisplayName", .string(activity.rawValue)),
      ("activityDateTime", .string(GraphEndpoints.dateFormat(date) + "Z")),
      ("loggedByService", .string(activity.service)), ("operationType", .string(activity.operationType)),
      (
        "initiatedBy",
        .object([
          ("app", .null),
          (
            "user",
            .object([
              ("id", .string(initiator.id)), ("displayName", initiator.displayName.map(JSONValue.string) ?? .null),
              ("userPrincipalName", .string(initiator.userPrincipalName)), ("ipAddress", .string("127.0.0.1")),
            ])
          ),
        ])
      ),
      ("targetResources", .array(targets.map(Self.targetJSON))),
      ("additionalDetails", .array([])),
    ])
  }

  private static func targetJSON(_ target: Target) -> JSONValue {
    .object([
      ("id", .string(target.id)), ("displayName", target.displayName.map(JSONValue.string) ?? .null),
      ("type", .string(target.type)), ("userPrincipalName", target.userPrincipalName.map(JSONValue.string) ?? .null),
      (
        "modifiedProperties",
        .array(
          target.modified.map { name, old, new in
            .object([
              ("displayName", .string(name)), ("oldValue", old.map(JSONValue.string) ?? .null),
              ("newValue", new.map(JSONValue.string) ?? .null),
            ])
          })
      ),
    ])
  }

  static func user(_ user: DirectoryUser, modified: [(String, String?, String?)] = []) -> Target {
    Target(
      id: user.id, displayName: user.displayName, type: "User", userPrincipalName: user.userPrincipalName,
      modified: modified)
  }
}
