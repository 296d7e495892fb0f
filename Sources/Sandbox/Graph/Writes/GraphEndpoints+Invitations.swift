import Foundation
import Hummingbird
import SandboxDirectory

/// `POST /invitations` for a guest already in the directory (invitation-post): User.Invite.All (or
/// User.ReadWrite.All, Directory.ReadWrite.All). Inviting the address of a guest who has not
/// accepted sends the invitation again (201, `status` "PendingAcceptance"); with `resetRedemption`
/// and `invitedUser.id` an accepted guest must redeem again, which needs Helpdesk or User
/// Administrator; an accepted guest invited without it is "Completed" and gets no mail. Members and
/// guests may invite by default (the tenant's default external collaboration settings). The sandbox
/// does not create new guests: an address no guest holds is a 400 that says so.
extension GraphEndpoints {
  static let invitePermissions: Set<String> = ["User.Invite.All", "User.ReadWrite.All", "Directory.ReadWrite.All"]

  func invite(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard !caller.permissions.isDisjoint(with: Self.invitePermissions) else { throw .accessDenied }
    let body = Dictionary(try Self.jsonObject(request), uniquingKeysWith: { _, last in last })
    guard case .string(let email)? = body["invitedUserEmailAddress"], !email.isEmpty else {
      throw Self.missingInvitationProperty("invitedUserEmailAddress")
    }
    guard case .string(let redirect)? = body["inviteRedirectUrl"], !redirect.isEmpty else {
      throw Self.missingInvitationProperty("inviteRedirectUrl")
    }
    var send = false
    if case .bool(let flag)? = body["sendInvitationMessage"] { send = flag }
    var reset = false
    if case .bool(let flag)? = body["resetRedemption"] { reset = flag }
    var invitedId: String?
    if case .object(let members)? = body["invitedUser"],
      case .string(let id)? = members.first(where: { $0.0 == "id" })?.1
    {
      invitedId = id
    }
    let guest: DirectoryUser
    if let invitedId {
      guard let found = tenant.directory.user(idOrUPN: invitedId) else { throw .notFound(invitedId) }
      guest = found
    } else if reset {
      throw GraphError(
        status: 400, code: "BadRequest", message: "The invitedUser id is required when resetRedemption is true.")
    } else if let found = guestWithAddress(email) {
      guest = found
    } else {
      throw GraphError(
        status: 400, code: "BadRequest",
        message: "The sandbox re-sends invitations to guests it holds; no guest has the address '\(email)'.")
    }
    if reset { try checkRole(.resetRedemption, caller: caller, target: guest) }
    let pending = reset || externalUserState(of: guest) == "PendingAcceptance"
    let now = tenant.now
    if pending {
      tenant.writes.recordInvitation(to: guest.id, at: now, reset: reset)
      audit(
        .invite, by: caller, on: [WriteAudit.user(guest)],
        reason: reset ? "Reset invitation redemption" : "Invitation sent again")
    }
    let id = UUID().uuidString.lowercased()
    let redeem =
      "https://login.microsoftonline.com/redeem?rd=https%3a%2f%2finvitations.microsoft.com%2fredeem%2f%3ftenant%3d"
      + "\(tenant.tenantId)%26user%3d\(id)%26ticket%3d\(UUID().uuidString.lowercased())"
    return created(
      .object([
        ("@odata.context", .string("\(request.base)/v1.0/$metadata#invitations/$entity")), ("id", .string(id)),
        ("inviteRedeemUrl", .string(redeem)),
        ("invitedUserDisplayName", guest.displayName.map(JSONValue.string) ?? .null),
        ("invitedUserType", .string("Guest")), ("invitedUserEmailAddress", .string(email)),
        ("sendInvitationMessage", .bool(send && pending)), ("resetRedemption", .bool(reset)),
        ("inviteRedirectUrl", .string(redirect)), ("status", .string(pending ? "PendingAcceptance" : "Completed")),
        (
          "invitedUserMessageInfo",
          .object([("messageLanguage", .null), ("ccRecipients", .array([])), ("customizedMessageBody", .null)])
        ),
        ("invitedUser", .object([("id", .string(guest.id))])),
      ]), request)
  }

  static func missingInvitationProperty(_ name: String) -> GraphError {
    GraphError(status: 400, code: "BadRequest", message: "The property '\(name)' is required for an invitation.")
  }

  /// The guest whose `mail` (or user name) is `address`.
  func guestWithAddress(_ address: String) -> DirectoryUser? {
    let wanted = address.lowercased()
    return tenant.directory.users.first { user in
      user.userType?.lowercased() == "guest" && (user.mail?.lowercased() == wanted)
    }
  }

  /// A guest's invitation state after the writes: a reset redemption makes it pending again.
  func externalUserState(of user: DirectoryUser) -> String? {
    if tenant.writes.isRedemptionReset(user.id) { return "PendingAcceptance" }
    return facts(user).externalUserState
  }

  /// User properties the writes change, for `renderWithAccount`: `signInSessionsValidFromDateTime`
  /// (revocation; else the account's creation) and a reset guest's `externalUserState`.
  func writtenStateValue(_ name: String, of user: DirectoryUser) -> JSONValue? {
    switch name {
    case "signInSessionsValidFromDateTime":
      let date = tenant.writes.sessionsValidFrom(user.id) ?? facts(user).createdDateTime.wholeSeconds
      return .string(date.formatted(.iso8601))
    case "externalUserState" where tenant.writes.isRedemptionReset(user.id): return .string("PendingAcceptance")
    default: return nil
    }
  }
}
