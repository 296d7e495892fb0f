/// One directory group with Graph v1.0 property names. Members and owners are references into
/// the directory (`DirectoryObjectRef`), never copies of people, so 20,000 groups over 200,000
/// people stay small; the biggest generated groups hold a range of user positions instead of a list.
public struct DirectoryGroup: Sendable, Equatable {
  public var id: String
  public var displayName: String?
  public var description: String?
  public var mail: String?
  public var mailNickname: String?
  /// `["Unified"]` for Microsoft 365 groups, `"DynamicMembership"` for dynamic ones, empty otherwise.
  public var groupTypes: [String]
  public var securityEnabled: Bool
  public var mailEnabled: Bool
  /// `Public`, `Private`, `HiddenMembership` (Microsoft 365 groups), or nil.
  public var visibility: String?
  public var membershipRule: String?
  /// `On` or `Paused` for dynamic groups, nil otherwise.
  public var membershipRuleProcessingState: String?
  /// `["Team"]` for a group with a Microsoft Teams team.
  public var resourceProvisioningOptions: [String]
  /// ISO 8601, as Graph writes it.
  public var createdDateTime: String?
  /// Direct members.
  public var members: GroupMembers
  public var owners: [DirectoryObjectRef]

  public init(
    id: String, displayName: String?, description: String? = nil, mail: String? = nil, mailNickname: String? = nil,
    groupTypes: [String] = [], securityEnabled: Bool = true, mailEnabled: Bool = false, visibility: String? = nil,
    membershipRule: String? = nil, membershipRuleProcessingState: String? = nil,
    resourceProvisioningOptions: [String] = [], createdDateTime: String? = nil,
    members: GroupMembers = GroupMembers(), owners: [DirectoryObjectRef] = []
  ) {
    self.id = id
    self.displayName = displayName
    self.description = description
    self.mail = mail
    self.mailNickname = mailNickname
    self.groupTypes = groupTypes
    self.securityEnabled = securityEnabled
    self.mailEnabled = mailEnabled
    self.visibility = visibility
    self.membershipRule = membershipRule
    self.membershipRuleProcessingState = membershipRuleProcessingState
    self.resourceProvisioningOptions = resourceProvisioningOptions
    self.createdDateTime = createdDateTime
    self.members = members
    self.owners = owners
  }

  /// Whether only owners, members and privileged readers may list the members.
  public var hidesMembership: Bool { visibility?.lowercased() == "hiddenmembership" }
  public var isUnified: Bool { groupTypes.contains { $0.lowercased() == "unified" } }
  public var isDynamic: Bool { groupTypes.contains { $0.lowercased() == "dynamicmembership" } }
}

/// A member or owner: which kind of directory object and its position in the directory's list of
/// that kind (users in `Directory.users` order, groups in `Directory.groups` order, …).
public enum DirectoryObjectRef: Sendable, Hashable {
  case user(Int32)
  case group(Int32)
  case device(Int32)
  case servicePrincipal(Int32)

  /// The OData type Graph annotates directory objects with.
  public var odataType: String {
    switch self {
    case .user: "#microsoft.graph.user"
    case .group: "#microsoft.graph.group"
    case .device: "#microsoft.graph.device"
    case .servicePrincipal: "#microsoft.graph.servicePrincipal"
    }
  }
}

/// A group's direct members: a contiguous range of user positions (how the generator fills big
/// groups at no cost per member) followed by individual references.
public struct GroupMembers: Sendable, Equatable {
  public var userRange: Range<Int32>
  public var others: [DirectoryObjectRef]

  public init(userRange: Range<Int32> = 0..<0, others: [DirectoryObjectRef] = []) {
    self.userRange = userRange
    self.others = others
  }

  public var count: Int { userRange.count + others.count }

  /// Member at `offset` in Graph's order (the range first).
  public subscript(offset: Int) -> DirectoryObjectRef {
    offset < userRange.count ? .user(userRange.lowerBound + Int32(offset)) : others[offset - userRange.count]
  }

  public func contains(_ member: DirectoryObjectRef) -> Bool {
    if case .user(let index) = member, userRange.contains(index) { return true }
    return others.contains(member)
  }
}

/// A device in the directory: only what a member list shows.
public struct DirectoryDevice: Sendable, Equatable {
  public var id: String
  public var displayName: String
  public var operatingSystem: String
  public init(id: String, displayName: String, operatingSystem: String) {
    self.id = id
    self.displayName = displayName
    self.operatingSystem = operatingSystem
  }
}

/// A service principal (an app's identity in the tenant): only what a member list shows.
public struct DirectoryServicePrincipal: Sendable, Equatable {
  public var id: String
  public var displayName: String
  public var appId: String
  public init(id: String, displayName: String, appId: String) {
    self.id = id
    self.displayName = displayName
    self.appId = appId
  }
}

/// Everything about groups a directory holds besides its people.
public struct GroupSet: Sendable, Equatable {
  public var groups: [DirectoryGroup]
  public var devices: [DirectoryDevice]
  public var servicePrincipals: [DirectoryServicePrincipal]
  public init(
    groups: [DirectoryGroup] = [], devices: [DirectoryDevice] = [], servicePrincipals: [DirectoryServicePrincipal] = []
  ) {
    self.groups = groups
    self.devices = devices
    self.servicePrincipals = servicePrincipals
  }
}
