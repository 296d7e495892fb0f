import Foundation

/// One write, decided: the kind, the exact person (and group), and the options. It makes the
/// request, the confirmation text, the result and the refusals, so the command line and the pane
/// say the same.
public struct WritePlan: Sendable, Equatable {
  public var kind: WriteKind
  public var person: WritePerson
  public var group: WriteGroup?
  /// A Temporary Access Pass's lifetime in minutes (nil: the tenant policy's default) and use.
  public var lifetimeMinutes: Int?
  public var usableOnce: Bool

  public init(
    kind: WriteKind, person: WritePerson, group: WriteGroup? = nil, lifetimeMinutes: Int? = nil,
    usableOnce: Bool = false
  ) {
    self.kind = kind
    self.person = person
    self.group = group
    self.lifetimeMinutes = lifetimeMinutes
    self.usableOnce = usableOnce
  }

  /// Graph's allowed lifetimes for a Temporary Access Pass (temporaryAccessPassAuthenticationMethod).
  public static let lifetimeRange = 10...43_200

  /// The request, by object id always (a user name can change between look-up and write).
  public func request(graphRoot: String) -> WriteRequest {
    switch kind {
    case .revoke: return .revokeSessions(userId: person.id)
    case .disable: return .setAccountEnabled(userId: person.id, false)
    case .enable: return .setAccountEnabled(userId: person.id, true)
    case .tap:
      return .temporaryAccessPass(userId: person.id, lifetimeMinutes: lifetimeMinutes, usableOnce: usableOnce)
    case .reinvite: return .resendInvitation(email: person.mail ?? person.userPrincipalName)
    case .groupAdd: return .addMember(groupId: group?.id ?? "", memberId: person.id, graphRoot: graphRoot)
    case .groupRemove: return .removeMember(groupId: group?.id ?? "", memberId: person.id)
    }
  }

  /// A reason not to send at all, found in what the look-up read: a guest who accepted already,
  /// an account or group managed in on-premises AD, a group whose members are by rule. Graph
  /// would refuse each (PROTOCOL.md, writes); asking first for a doomed write only wastes a
  /// confirmation and an audit line.
  public var localRefusal: String? {
    switch kind {
    case .reinvite:
      guard person.isGuest else {
        return "\(person.fullName) is a member, not a guest: there is no invitation to resend."
      }
      if let state = person.externalUserState, state.caseInsensitiveCompare("PendingAcceptance") != .orderedSame {
        return "\(person.fullName) accepted the invitation already (\(state)): there is nothing to resend."
      }
      if (person.mail ?? "").isEmpty {
        return "\(person.fullName) has no mail address to send the invitation to."
      }
      return nil
    case .disable, .enable:
      guard person.onPremisesSyncEnabled == true else { return nil }
      return "\(person.fullName): " + WriteRefusal.syncedAccount(kind)
    case .groupAdd, .groupRemove:
      guard let group else { return nil }
      if group.isDynamic { return "\(group.fullName): " + WriteRefusal.dynamicGroup }
      if group.isSynced { return "\(group.fullName): " + WriteRefusal.syncedGroup }
      return nil
    case .revoke, .tap:
      return nil
    }
  }

  /// What will happen, in one or two sentences, for the confirmation.
  public var willHappen: String {
    let who = person.displayName ?? person.userPrincipalName
    switch kind {
    case .revoke:
      return "Every refresh token and session cookie of \(who) becomes invalid: they must sign in again on every "
        + "device and app. This cannot be undone."
    case .disable:
      return "\(who) can no longer sign in (new sign-ins are blocked; existing sessions end as their tokens expire)."
        + ((person.accountEnabled == false) ? " The account is disabled already." : "")
    case .enable:
      return "\(who) can sign in again." + ((person.accountEnabled == true) ? " The account is enabled already." : "")
    case .tap:
      let life = lifetimeMinutes.map { "valid \(Self.minutes($0))" } ?? "valid for the tenant policy's default time"
      return
        "A Temporary Access Pass for \(who) is created, \(life), \(usableOnce ? "usable once" : "usable more than once")"
        + "; it replaces one they have. It is shown once here and kept nowhere."
    case .reinvite:
      return "The invitation email is sent again to \(person.mail ?? person.userPrincipalName)."
    case .groupAdd:
      return "\(who) becomes a member of \(group?.fullName ?? "the group")."
    case .groupRemove:
      return "\(who) stops being a member of \(group?.fullName ?? "the group")."
    }
  }

  /// The confirmation shown before anything is sent: the person in full, then what will happen.
  public var confirmationText: String {
    var lines = [
      "Person:     \(person.displayName ?? "(no name)")", "User name:  \(person.userPrincipalName)",
      "Object id:  \(person.id)",
    ]
    if let mail = confirmingMail { lines.append("Mail:       \(mail)") }
    if let group { lines.append("Group:      \(group.fullName)") }
    lines.append("Action:     roster \(kind.commandName)")
    lines.append(willHappen)
    return lines.joined(separator: "\n")
  }

  /// Whether `typed` names this person: their user name as Graph has it, or for a guest their
  /// mail (case does not matter). A guest's user name is made by Entra (`ada_fabrikam.com#EXT#@…`)
  /// and nobody knows it by heart; their mail is as exact, since no two objects in a tenant share
  /// an address.
  public func confirms(_ typed: String) -> Bool {
    let typed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
    return [person.userPrincipalName, confirmingMail].contains {
      $0.map { typed.caseInsensitiveCompare($0) == .orderedSame } ?? false
    }
  }

  /// What to type back, in the words of the prompt (the pane's and the command line's).
  public var confirmationPrompt: String {
    if let mail = confirmingMail { return "Type their mail (\(mail)) or user name to go ahead:" }
    return "Type the user name (\(person.userPrincipalName)) to go ahead:"
  }

  /// What a wrong answer is told: nothing was sent.
  public var confirmationMismatch: String {
    confirmingMail == nil
      ? "That is not their user name: nothing was sent."
      : "That is neither their mail nor their user name: nothing was sent."
  }

  /// A guest's mail, which confirms as well as their user name; nil for a member or a guest
  /// without one.
  private var confirmingMail: String? {
    guard person.isGuest, let mail = person.mail, !mail.isEmpty else { return nil }
    return mail
  }

  /// What changed, after Graph said yes.
  public var changed: String {
    switch kind {
    case .revoke: return "Revoked the sign-in sessions of \(person.fullName)."
    case .disable: return "Disabled the account of \(person.fullName): they can no longer sign in."
    case .enable: return "Enabled the account of \(person.fullName): they can sign in again."
    case .tap: return "Created a Temporary Access Pass for \(person.fullName)."
    case .reinvite: return "Sent the invitation to \(person.fullName) again."
    case .groupAdd: return "Added \(person.fullName) to \(group?.fullName ?? "the group")."
    case .groupRemove: return "Removed \(person.fullName) from \(group?.fullName ?? "the group")."
    }
  }

  /// How to undo it with the exact targets filled in ("To undo: roster enable ada@contoso.com."),
  /// so it can be pasted as it stands.
  public var undo: String {
    kind.undo.replacingOccurrences(of: "USER", with: person.userPrincipalName)
      .replacingOccurrences(of: "GROUP", with: group?.id ?? "GROUP")
  }

  /// "60 minutes", "8 hours", "1 day 2 hours".
  public static func minutes(_ value: Int) -> String {
    if value % 1440 == 0 { return "\(value / 1440) day\(value == 1440 ? "" : "s")" }
    if value % 60 == 0 { return "\(value / 60) hour\(value == 60 ? "" : "s")" }
    return "\(value) minutes"
  }

  /// `60m`, `90`, `8h`, `2d` as minutes; nil when it is none of them.
  public static func parseLifetime(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let last = trimmed.last else { return nil }
    let units: [Character: Int] = ["m": 1, "h": 60, "d": 1440]
    if let unit = units[last] { return Int(trimmed.dropLast()).map { $0 * unit } }
    return Int(trimmed)
  }
}
