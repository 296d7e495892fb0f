import Foundation

/// `$select` validation and rendering of groups and of the other directory objects a member
/// list holds (devices, service principals), as Graph does it.
enum GroupPropertyCatalog {
  /// What `GET /groups` returns without `$select` (the stored subset of Graph's default set, in its order).
  static let defaultProperties = [
    "id", "createdDateTime", "description", "displayName", "groupTypes", "mail", "mailEnabled", "mailNickname",
    "membershipRule", "membershipRuleProcessingState", "resourceProvisioningOptions", "securityEnabled",
    "visibility",
  ]

  /// Real group properties the sandbox does not keep: selectable, always null (or empty).
  static let unstoredProperties: [(name: String, isCollection: Bool)] = [
    ("classification", false), ("deletedDateTime", false), ("expirationDateTime", false), ("isAssignableToRole", false),
    ("onPremisesSyncEnabled", false), ("onPremisesSamAccountName", false), ("preferredDataLocation", false),
    ("preferredLanguage", false), ("proxyAddresses", true), ("renewedDateTime", false), ("securityIdentifier", false),
    ("theme", false), ("creationOptions", true),
  ]

  /// Property names in `$select` order (canonical spelling, duplicates dropped, `id` added).
  /// `allowMembers` lets delta select the `members` relationship.
  static func selectedProperties(_ select: String?, allowMembers: Bool = false) throws(GraphQueryError) -> [String] {
    guard let select, !select.allSatisfy(\.isWhitespace) else { return defaultProperties }
    return try SelectList.names(
      select,
      canonical: { requested in
        let lowered = requested.lowercased()
        if let field = GroupField.named(requested) { return field.name }
        if let unstored = unstoredProperties.first(where: { $0.name.lowercased() == lowered }) { return unstored.name }
        return allowMembers && (lowered == "members" || lowered == "owners") ? lowered : nil
      }, unknown: GraphQueryError.unknownGroupProperty, id: .first)
  }

  static func render(_ group: DirectoryGroup, properties: [String]) -> JSONValue {
    .object(
      properties.compactMap { name in
        if let field = GroupField.named(name) { return (field.name, field.json(of: group)) }
        if let unstored = unstoredProperties.first(where: { $0.name == name }) {
          return (unstored.name, unstored.isCollection ? .array([]) : .null)
        }
        return nil
      })
  }

  /// What a member list shows of a device or a service principal (their own default sets, trimmed
  /// to what the sandbox keeps).
  static func render(_ device: DirectoryDevice) -> [(String, JSONValue)] {
    [
      ("id", .string(device.id)), ("displayName", .string(device.displayName)),
      ("operatingSystem", .string(device.operatingSystem)),
    ]
  }

  static func render(_ principal: DirectoryServicePrincipal) -> [(String, JSONValue)] {
    [
      ("id", .string(principal.id)), ("appId", .string(principal.appId)),
      ("displayName", .string(principal.displayName)),
    ]
  }
}

extension GraphQueryError {
  /// A name that is no property of a group.
  static func unknownGroupProperty(_ name: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_BadRequest",
      message: "Could not find a property named '\(name)' on type 'microsoft.graph.group'.")
  }

  /// A group property that exists but cannot be used this way.
  static func unsupportedGroupClause(property: String) -> GraphQueryError {
    GraphQueryError(
      status: 400, code: "Request_UnsupportedQuery",
      message: "Unsupported or invalid query filter clause specified for property '\(property)' of resource 'Group'.")
  }
}
