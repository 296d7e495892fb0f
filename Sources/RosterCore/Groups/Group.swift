/// A group from the directory: a team, a distribution list, a security group.
///
/// Property names are Graph v1.0's, so `roster groups … --json` and the index's stored JSON use
/// them too. Every field but `id` is optional: Graph omits what the token may not read (an object
/// the token may not read at all is an `UndescribedObject`, not a `Group`). Text is `CleanText`,
/// cleaned where the group was decoded (Graph, an index row). What kind of group it is, is derived
/// from Graph's flags (`kind`, `Group+Kind`), not stored twice.
public struct Group: Sendable, Equatable, Hashable, Codable, Identifiable {
  public var id: String
  public var displayName: CleanText?
  public var mail: CleanText?
  public var mailNickname: CleanText?
  public var description: CleanText?
  /// `Unified` (Microsoft 365) and/or `DynamicMembership`; empty for security groups and lists.
  public var groupTypes: [CleanText]?
  public var mailEnabled: Bool?
  public var securityEnabled: Bool?
  /// `Public`, `Private` or `HiddenMembership` (Microsoft 365 groups); nil for the others.
  public var visibility: CleanText?
  /// The rule of a dynamic group (`user.department -eq "Sales"`); nil for assigned membership.
  public var membershipRule: CleanText?
  /// `On` (the rule is being applied) or `Paused`; nil for assigned membership.
  public var membershipRuleProcessingState: CleanText?
  /// `Team` when the Microsoft 365 group has a team.
  public var resourceProvisioningOptions: [CleanText]?
  /// Direct members, from `/groups/{id}/members/$count` or the index; nil when not (yet) known.
  public var memberCount: Int?

  public init(
    id: String, displayName: CleanText? = nil, mail: CleanText? = nil, mailNickname: CleanText? = nil,
    description: CleanText? = nil, groupTypes: [CleanText]? = nil, mailEnabled: Bool? = nil,
    securityEnabled: Bool? = nil, visibility: CleanText? = nil, membershipRule: CleanText? = nil,
    membershipRuleProcessingState: CleanText? = nil, resourceProvisioningOptions: [CleanText]? = nil,
    memberCount: Int? = nil
  ) {
    self.id = id
    self.displayName = displayName
    self.mail = mail
    self.mailNickname = mailNickname
    self.description = description
    self.groupTypes = groupTypes
    self.mailEnabled = mailEnabled
    self.securityEnabled = securityEnabled
    self.visibility = visibility
    self.membershipRule = membershipRule
    self.membershipRuleProcessingState = membershipRuleProcessingState
    self.resourceProvisioningOptions = resourceProvisioningOptions
    self.memberCount = memberCount
  }

  /// The name to show: the display name, else the mail nickname, else the id.
  public var name: CleanText {
    displayName?.nonEmpty ?? mailNickname?.nonEmpty ?? mail?.nonEmpty ?? CleanText(id)
  }
}
