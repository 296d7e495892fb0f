import AppRuntime
import Foundation
import RosterCore
import Testing

/// The model of a write (issue 45): exact targets, Graph's documented requests, the permission
/// each needs, confirmation, and refusals as sentences.
@Suite struct WritePlanTests {
  static let ada = WritePerson(
    id: "1a2b3c4d-0000-4000-8000-000000000001", userPrincipalName: "ada@contoso.com", displayName: "Ada Lovelace",
    mail: "ada@contoso.com", userType: "Member", accountEnabled: true)
  static let guest = WritePerson(
    id: "1a2b3c4d-0000-4000-8000-000000000002", userPrincipalName: "g_fabrikam.com#EXT#@contoso.com",
    displayName: "Gus Guest", mail: "gus@fabrikam.com", userType: "Guest", externalUserState: "PendingAcceptance")
  static let root = "https://graph.microsoft.com/v1.0"

  static func body(_ request: WriteRequest) -> String { String(decoding: request.body ?? Data(), as: UTF8.self) }

  @Test func anArgumentIsExactOnlyAsAnIdOrUserName() {
    #expect(WriteTargetArgument("1A2B3C4D-0000-4000-8000-000000000001") == .objectId(Self.ada.id))
    #expect(WriteTargetArgument(" ada@contoso.com ") == .userName("ada@contoso.com"))
    #expect(WriteTargetArgument("Ada Lovelace") == .displayName("Ada Lovelace"))
    #expect(!WriteTargetArgument("ada @contoso.com").isExact)
    #expect(!WriteTargetArgument("ada@").isExact)
  }

  @Test func eachRequestHasGraphsDocumentedShape() throws {
    let id = Self.ada.id
    #expect(WritePlan(kind: .revoke, person: Self.ada).request(graphRoot: Self.root) == .revokeSessions(userId: id))
    let revoke = WriteRequest.revokeSessions(userId: id)
    #expect(revoke.method == "POST" && revoke.path == "/users/\(id)/revokeSignInSessions" && revoke.body == nil)
    let disable = WritePlan(kind: .disable, person: Self.ada).request(graphRoot: Self.root)
    #expect(
      disable.method == "PATCH" && disable.path == "/users/\(id)" && Self.body(disable) == #"{"accountEnabled":false}"#)
    #expect(
      Self.body(WritePlan(kind: .enable, person: Self.ada).request(graphRoot: Self.root)) == #"{"accountEnabled":true}"#
    )
    let tap = WritePlan(kind: .tap, person: Self.ada, lifetimeMinutes: 60, usableOnce: true).request(
      graphRoot: Self.root)
    #expect(tap.path == "/users/\(id)/authentication/temporaryAccessPassMethods")
    #expect(Self.body(tap) == #"{"isUsableOnce":true,"lifetimeInMinutes":60}"#)
    let invite = WritePlan(kind: .reinvite, person: Self.guest).request(graphRoot: Self.root)
    #expect(invite.path == "/invitations")
    let fields = try #require(try JSONSerialization.jsonObject(with: invite.body ?? Data()) as? [String: Any])
    #expect(fields["invitedUserEmailAddress"] as? String == "gus@fabrikam.com")
    #expect(fields["inviteRedirectUrl"] as? String == "https://myapps.microsoft.com")
    #expect(fields["sendInvitationMessage"] as? Bool == true && fields.count == 3)
    let group = WriteGroup(id: "g1", displayName: "Platform")
    let add = WritePlan(kind: .groupAdd, person: Self.ada, group: group).request(graphRoot: Self.root + "/")
    #expect(add.method == "POST" && add.path == "/groups/g1/members/$ref")
    #expect(Self.body(add) == #"{"@odata.id":"https://graph.microsoft.com/v1.0/directoryObjects/\#(id)"}"#)
    let remove = WritePlan(kind: .groupRemove, person: Self.ada, group: group).request(graphRoot: Self.root)
    #expect(remove.method == "DELETE" && remove.path == "/groups/g1/members/\(id)/$ref" && remove.body == nil)
  }

  @Test func aPathSegmentCannotChangeThePathsShape() {
    #expect(WriteRequest.revokeSessions(userId: "a/../b?x").path == "/users/a%2F..%2Fb%3Fx/revokeSignInSessions")
  }

  @Test func theDryRunPrintsMethodURLAndBodyAndNoToken() {
    let text = WritePlan(kind: .disable, person: Self.ada).request(graphRoot: Self.root).dryRunText(
      graphRoot: Self.root)
    #expect(text.hasPrefix("PATCH https://graph.microsoft.com/v1.0/users/\(Self.ada.id)\n"))
    #expect(text.contains(#"{"accountEnabled":false}"#) && !text.contains("Authorization") && !text.contains("Bearer"))
  }

  @Test func eachKindNamesItsLeastPermissionAndWhatAlsoSuffices() {
    #expect(WriteKind.revoke.missingScopes(from: ["User.Read"]) == ["User.RevokeSessions.All"])
    #expect(WriteKind.revoke.missingScopes(from: ["user.readwrite.all"]).isEmpty)
    #expect(
      WriteKind.disable.missingScopes(from: ["User.Read"]) == ["User.EnableDisableAccount.All", "User.Read.All"])
    #expect(WriteKind.enable.missingScopes(from: ["User.Read.All"]) == ["User.EnableDisableAccount.All"])
    #expect(
      WriteKind.tap.missingScopes(from: ["Directory.ReadWrite.All"]) == ["UserAuthenticationMethod.ReadWrite.All"])
    #expect(WriteKind.reinvite.missingScopes(from: []) == ["User.Invite.All"])
    #expect(WriteKind.groupAdd.missingScopes(from: ["Group.ReadWrite.All"]).isEmpty)
    #expect(WriteKind.groupRemove.missingScopes(from: ["GroupMember.Read.All"]) == ["GroupMember.ReadWrite.All"])
  }

  @Test func theConfirmationNamesThePersonInFullAndTakesOnlyTheirUserName() {
    let plan = WritePlan(kind: .revoke, person: Self.ada)
    #expect(plan.confirmationText.contains("Ada Lovelace") && plan.confirmationText.contains("ada@contoso.com"))
    #expect(plan.confirmationText.contains(Self.ada.id) && plan.confirmationText.contains("cannot be undone"))
    #expect(plan.confirms(" ADA@contoso.com\n"))
    #expect(!plan.confirms("Ada Lovelace") && !plan.confirms("") && !plan.confirms(Self.ada.id))
  }

  /// A guest's user name is Entra's invention: their mail confirms too, and the prompt offers it.
  /// A member's mail does not (their user name is what they are known by).
  @Test func aGuestIsConfirmedByMailAsWell() {
    let plan = WritePlan(kind: .revoke, person: Self.guest)
    #expect(plan.confirms("GUS@fabrikam.com ") && plan.confirms(Self.guest.userPrincipalName))
    #expect(!plan.confirms("Gus Guest") && !plan.confirms("gus@fabrikam"))
    #expect(plan.confirmationPrompt == "Type their mail (gus@fabrikam.com) or user name to go ahead:")
    #expect(plan.confirmationText.contains("Mail:       gus@fabrikam.com"))
    #expect(plan.confirmationMismatch.contains("neither their mail nor their user name"))
    var member = Self.ada
    member.mail = "ada.lovelace@contoso.com"
    let memberPlan = WritePlan(kind: .revoke, person: member)
    #expect(!memberPlan.confirms("ada.lovelace@contoso.com") && memberPlan.confirms("ada@contoso.com"))
    #expect(memberPlan.confirmationPrompt == "Type the user name (ada@contoso.com) to go ahead:")
    #expect(!memberPlan.confirmationText.contains("Mail:"))
    var noMail = Self.guest
    noMail.mail = nil
    #expect(!WritePlan(kind: .revoke, person: noMail).confirms("") && !noMail.userPrincipalName.isEmpty)
  }

  /// What the look-up read rules out is refused before the confirmation, in Graph's refusal's words.
  @Test func whatGraphWouldRefuseIsRefusedBeforeAsking() {
    var onPrem = Self.ada
    onPrem.onPremisesSyncEnabled = true
    for kind in [WriteKind.disable, .enable] {
      let refusal = WritePlan(kind: kind, person: onPrem).localRefusal
      #expect(refusal?.contains("on-premises Active Directory") == true && refusal?.contains(onPrem.id) == true)
      #expect(WritePlan(kind: kind, person: Self.ada).localRefusal == nil)
    }
    #expect(WritePlan(kind: .revoke, person: onPrem).localRefusal == nil, "sessions end in the cloud")
    #expect(WritePlan(kind: .tap, person: onPrem).localRefusal == nil)
    let dynamic = WriteGroup(id: "g1", displayName: "All Paris", groupTypes: ["DynamicMembership"])
    let synced = WriteGroup(id: "g2", displayName: "HR", onPremisesSyncEnabled: true)
    let plain = WriteGroup(id: "g3", displayName: "Platform", groupTypes: ["Unified"])
    for kind in [WriteKind.groupAdd, .groupRemove] {
      #expect(WritePlan(kind: kind, person: Self.ada, group: dynamic).localRefusal?.contains("by rule") == true)
      #expect(
        WritePlan(kind: kind, person: Self.ada, group: synced).localRefusal?.contains("on-premises Active Directory")
          == true)
      #expect(WritePlan(kind: kind, person: onPrem, group: plain).localRefusal == nil)
    }
  }

  @Test func undoIsSaidWhereGraphCanAndRevokeCannot() {
    #expect(WriteKind.disable.undo.contains("roster enable"))
    #expect(WriteKind.enable.undo.contains("roster disable"))
    #expect(WriteKind.groupAdd.undo.contains("roster groups remove"))
    #expect(WriteKind.groupRemove.undo.contains("roster groups add"))
    #expect(WriteKind.tap.undo.contains("delete"))
    #expect(WriteKind.revoke.undo.contains("cannot be undone"))
  }

  @Test func aReinviteIsRefusedBeforeSendingForMembersAndAcceptedGuests() {
    #expect(WritePlan(kind: .reinvite, person: Self.guest).localRefusal == nil)
    #expect(WritePlan(kind: .reinvite, person: Self.ada).localRefusal?.contains("not a guest") == true)
    var accepted = Self.guest
    accepted.externalUserState = "Accepted"
    #expect(WritePlan(kind: .reinvite, person: accepted).localRefusal?.contains("accepted") == true)
  }

  @Test func refusalsAreSentencesThatSayWhyAndWhoCould() {
    let role = WriteRefusal.sentence(
      WritePlan(kind: .tap, person: Self.ada), status: 403, code: "Authorization_RequestDenied",
      message: "Insufficient privileges to complete the operation.")
    #expect(role.contains("Authentication Administrator") && role.contains("Privileged Authentication Administrator"))
    #expect(role.contains("administrator"))
    let dynamic = WriteRefusal.sentence(
      WritePlan(
        kind: .groupAdd, person: Self.ada,
        group: WriteGroup(id: "g", displayName: "All Paris", groupTypes: ["DynamicMembership"])),
      status: 400, code: "Request_BadRequest", message: "Insufficient privileges")
    #expect(dynamic.contains("by rule") && dynamic.contains("change the rule"))
    let synced = WriteRefusal.sentence(
      WritePlan(
        kind: .groupRemove, person: Self.ada, group: WriteGroup(id: "g", displayName: "HR", onPremisesSyncEnabled: true)
      ),
      status: 400, code: "Request_BadRequest", message: "x")
    #expect(synced.contains("on-premises Active Directory"))
    var onPrem = Self.ada
    onPrem.onPremisesSyncEnabled = true
    #expect(
      WriteRefusal.sentence(WritePlan(kind: .disable, person: onPrem), status: 400, code: nil, message: "x")
        .contains("on-premises Active Directory"))
    let permission = WriteRefusal.missingPermission(.revoke, lacking: ["User.RevokeSessions.All"])
    #expect(permission.contains("User.RevokeSessions.All") && permission.contains("consent"))
  }

  @Test func lifetimesReadAsMinutes() {
    #expect(WritePlan.parseLifetime("60m") == 60 && WritePlan.parseLifetime("8h") == 480)
    #expect(WritePlan.parseLifetime("2d") == 2880 && WritePlan.parseLifetime("90") == 90)
    #expect(WritePlan.parseLifetime("soon") == nil && WritePlan.parseLifetime("") == nil)
    #expect(
      WritePlan.minutes(60) == "1 hour" && WritePlan.minutes(2880) == "2 days" && WritePlan.minutes(45) == "45 minutes")
  }
}
