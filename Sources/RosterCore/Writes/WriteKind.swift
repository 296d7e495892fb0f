import Foundation

/// One of the fixes Roster can make to the directory (issue 45), with what Microsoft Graph asks of
/// it: the delegated permission, the directory roles that may do it, and whether it can be undone.
/// Each fact is from the call's page on learn.microsoft.com (user-revokesigninsessions, user-update,
/// authentication-post-temporaryaccesspassmethods, invitation-post, group-post-members,
/// group-delete-members).
public enum WriteKind: String, Sendable, CaseIterable, Codable {
  case revoke, disable, enable, tap, reinvite, groupAdd, groupRemove

  /// The least-privileged delegated permission Graph documents for the call: the one asked for.
  public var permission: String {
    switch self {
    case .revoke: return "User.RevokeSessions.All"
    case .disable, .enable: return "User.EnableDisableAccount.All"
    case .tap: return "UserAuthenticationMethod.ReadWrite.All"
    case .reinvite: return "User.Invite.All"
    case .groupAdd, .groupRemove: return "GroupMember.ReadWrite.All"
    }
  }

  /// What the least permission needs beside it: updating `accountEnabled` with
  /// User.EnableDisableAccount.All also needs User.Read.All (user-update, "Permissions").
  public var companions: [String] {
    switch self {
    case .disable, .enable: return ["User.Read.All"]
    default: return []
    }
  }

  /// Higher-privileged permissions that also allow the call: a token holding one needs nothing added.
  public var sufficientInstead: [String] {
    switch self {
    case .revoke, .disable, .enable: return ["User.ReadWrite.All", "Directory.ReadWrite.All"]
    // The newer TAP-only permission (authentication-post-temporaryaccesspassmethods) is narrower still.
    case .tap: return ["UserAuthMethod-TAP.ReadWrite.All"]
    case .reinvite: return ["User.ReadWrite.All", "Directory.ReadWrite.All"]
    case .groupAdd, .groupRemove: return ["Group.ReadWrite.All", "Directory.ReadWrite.All"]
    }
  }

  /// The scopes to add to `granted` for this write; empty when the token already allows it.
  public func missingScopes(from granted: [String]) -> [String] {
    let have = Set(granted.map { $0.lowercased() })
    if sufficientInstead.contains(where: { have.contains($0.lowercased()) }) { return [] }
    return ([permission] + companions).filter { !have.contains($0.lowercased()) }
  }

  /// The command's name: `roster revoke`, `roster groups add`.
  public var commandName: String {
    switch self {
    case .groupAdd: return "groups add"
    case .groupRemove: return "groups remove"
    default: return rawValue
    }
  }

  /// The action in words, for "Microsoft Graph refused to … Ada".
  public var verb: String {
    switch self {
    case .revoke: return "revoke the sign-in sessions of"
    case .disable: return "disable the account of"
    case .enable: return "enable the account of"
    case .tap: return "create a Temporary Access Pass for"
    case .reinvite: return "resend the invitation of"
    case .groupAdd: return "add a member to the group:"
    case .groupRemove: return "remove a member from the group:"
    }
  }

  /// Who may do it, in Graph's role names: the least-privileged roles first, then who may act on an
  /// administrator (Microsoft's "Who can perform sensitive actions" and "Who can reset passwords").
  public var roleSentence: String {
    switch self {
    case .revoke:
      return "A Helpdesk Administrator or User Administrator may revoke the sessions of people without admin roles; "
        + "only a Privileged Authentication Administrator or Global Administrator may revoke an administrator's."
    case .disable, .enable:
      let word = self == .disable ? "disable" : "enable"
      return "A User Administrator may \(word) people without admin roles; only a Privileged Authentication "
        + "Administrator or Global Administrator may \(word) an administrator."
    case .tap:
      return "An Authentication Administrator may create a Temporary Access Pass for people without admin roles; "
        + "only a Privileged Authentication Administrator or Global Administrator may for an administrator."
    case .reinvite:
      return "A Guest Inviter, User Administrator or Global Administrator may resend an invitation."
    case .groupAdd, .groupRemove:
      return "The group's owners, a Groups Administrator or a User Administrator may change its members; a "
        + "role-assignable group's members only a Privileged Role Administrator or Global Administrator."
    }
  }

  /// How to undo it, where Graph can; said after the write.
  public var undo: String {
    switch self {
    case .revoke:
      return "This cannot be undone: the person signs in again on every device and app."
    case .disable: return "To undo: roster enable USER."
    case .enable: return "To undo: roster disable USER."
    case .tap:
      return "To undo: delete the pass (DELETE /users/{id}/authentication/temporaryAccessPassMethods/{passId}, "
        + "or the person's Authentication methods in the Entra admin center)."
    case .reinvite: return "Nothing to undo: the invitation email was sent again."
    case .groupAdd: return "To undo: roster groups remove GROUP USER."
    case .groupRemove: return "To undo: roster groups add GROUP USER."
    }
  }

  /// Whether the call changes what the person can do at once (sessions, sign-in): said in the prompt.
  public var isUndoable: Bool { self != .revoke && self != .reinvite }
}
