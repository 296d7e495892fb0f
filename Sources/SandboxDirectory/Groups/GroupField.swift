/// The Graph group properties the sandbox stores, with what `$filter`, `$search` and `$orderby`
/// allow on each (Graph's group resource page and "advanced query capabilities" tables).
enum GroupField: Int, CaseIterable, Sendable {
  case id, displayName, description, mail, mailNickname, groupTypes, securityEnabled, mailEnabled, visibility
  case membershipRule, membershipRuleProcessingState, resourceProvisioningOptions, createdDateTime

  var name: String { String(describing: self) }

  var kind: FilterValueKind {
    switch self {
    case .securityEnabled, .mailEnabled: .boolean
    case .groupTypes, .resourceProvisioningOptions: .stringCollection
    default: .string
    }
  }

  /// `startsWith` by default on the name and address properties; description and rule only in
  /// an advanced query.
  var startsWithSupport: FilterSupport {
    switch self {
    case .displayName, .mail, .mailNickname: .standard
    case .description, .membershipRule: .advancedOnly
    default: .unsupported
    }
  }

  /// `eq` on scalar properties; `any(x:x eq …)` on the two collections.
  var equalitySupport: FilterSupport {
    switch self {
    case .membershipRule, .groupTypes, .resourceProvisioningOptions: .unsupported
    case .description, .createdDateTime: .advancedOnly
    default: .standard
    }
  }

  /// `$orderby` without advanced query headers.
  var isSortable: Bool { self == .displayName }

  static func named(_ name: String) -> GroupField? { byLowercasedName[name.lowercased()] }

  private static let byLowercasedName: [String: GroupField] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.name.lowercased(), $0) })

  func string(of group: DirectoryGroup) -> String? {
    switch self {
    case .id: group.id
    case .displayName: group.displayName
    case .description: group.description
    case .mail: group.mail
    case .mailNickname: group.mailNickname
    case .visibility: group.visibility
    case .membershipRule: group.membershipRule
    case .membershipRuleProcessingState: group.membershipRuleProcessingState
    case .createdDateTime: group.createdDateTime
    case .groupTypes, .securityEnabled, .mailEnabled, .resourceProvisioningOptions: nil
    }
  }

  func collection(of group: DirectoryGroup) -> [String] {
    switch self {
    case .groupTypes: group.groupTypes
    case .resourceProvisioningOptions: group.resourceProvisioningOptions
    default: []
    }
  }

  func json(of group: DirectoryGroup) -> JSONValue {
    switch self {
    case .securityEnabled: .bool(group.securityEnabled)
    case .mailEnabled: .bool(group.mailEnabled)
    case .groupTypes, .resourceProvisioningOptions: .array(collection(of: group).map(JSONValue.string))
    default: string(of: group).map(JSONValue.string) ?? .null
    }
  }
}
