/// A permission a group read lacks, in terms the UI can explain: which one, who can grant it,
/// and what it would show.
///
/// Graph's rules (PROTOCOL.md, "Groups"): the signed-in person's own groups
/// (`/me/memberOf`, `/me/transitiveMemberOf`) need only `User.Read`; searching groups, reading a
/// group, its members and owners, another person's groups and `/groups/delta` need
/// `GroupMember.Read.All` (or `Group.Read.All`, `Directory.Read.All`), which needs an
/// administrator's consent; the members of a group with hidden membership need
/// `Member.Read.Hidden` unless the person is an owner or member.
public enum GroupPermissionNeed: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// `GroupMember.Read.All`.
  case readGroups
  /// `Member.Read.Hidden`, for a group whose membership is hidden.
  case readHiddenMembership

  /// The permission's name as Entra shows it.
  public var permission: String {
    switch self {
    case .readGroups: return "GroupMember.Read.All"
    case .readHiddenMembership: return "Member.Read.Hidden"
    }
  }

  /// One line for the pane, the status line and the CLI.
  public var explanation: CleanText {
    switch self {
    case .readGroups:
      return
        "Reading groups and their members needs GroupMember.Read.All, which an administrator must consent to."
    case .readHiddenMembership:
      return
        "This group hides its membership: listing its members needs Member.Read.Hidden (or being an owner or member)."
    }
  }

  /// What the person would see with it.
  public var wouldShow: CleanText {
    switch self {
    case .readGroups:
      return "With it: group search, every group's members and owners, and the groups other people are in."
    case .readHiddenMembership:
      return "With it: the members of groups whose membership is hidden."
    }
  }

  /// The need a `.permissionDenied` from a group read names (the group clients put the
  /// permission's name in the message); nil for any other error.
  public init?(_ error: DirectoryError) {
    guard case .permissionDenied(let message) = error else { return nil }
    guard let need = Self.allCases.reversed().first(where: { message.contains($0.permission) }) else { return nil }
    self = need
  }

  /// The error a group client throws for this need.
  public var error: DirectoryError { .permissionDenied(explanation.string) }
}

extension Account {
  /// Whether the token may search groups and read their members (`GroupMember.Read.All`,
  /// `Group.Read.All` or a directory-wide grant). Without it, only "my groups" works.
  public var canReadGroups: Bool {
    hasScope(
      "groupmember.read.all", "groupmember.readwrite.all", "group.read.all", "group.readwrite.all",
      "directory.read.all", "directory.readwrite.all")
  }

  /// Whether the token may list the members of groups with hidden membership.
  public var canReadHiddenMembership: Bool { hasScope("member.read.hidden") }

  /// The group permission the token lacks first, nil when it has them all.
  public var missingGroupPermission: GroupPermissionNeed? {
    if !canReadGroups { return .readGroups }
    return canReadHiddenMembership ? nil : .readHiddenMembership
  }

  private func hasScope(_ names: String...) -> Bool {
    grantedScopes.contains { names.contains(Self.permission(of: $0)) }
  }
}
