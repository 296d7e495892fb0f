/// How a member is in a group through nested groups: "Ivan Petrov ∈ Escalation Chain ∈ SRE
/// On-Call ∈ Platform Team". `groups` runs from the group the member is directly in to the group
/// asked about; a direct member has one group.
public struct MembershipPath: Sendable, Equatable, Hashable, Codable {
  public var member: DirectoryObject
  /// Innermost first; the last is the group asked about. Never empty.
  public var groups: [Group]

  public init(member: DirectoryObject, groups: [Group]) {
    self.member = member
    self.groups = groups
  }

  /// Whether the member is in the group directly.
  public var isDirect: Bool { groups.count == 1 }

  /// The separator between steps: "∈" (element of), which reads as "is in".
  public static let separator = " ∈ "

  /// "Ivan Petrov ∈ Escalation Chain ∈ SRE On-Call ∈ Platform Team".
  public var text: CleanText {
    CleanText(([member.name] + groups.map(\.name)).map(\.string).joined(separator: Self.separator), maxCharacters: 4096)
  }
}
