import Foundation
import RosterCore
import Testing

/// The group model (issue 20): kinds from Graph's flags, dynamic membership, the nesting path's
/// text, member rows in Graph's JSON shape, and permissions the UI can explain.
@Suite struct GroupModelTests {
  @Test func kindsFollowGraphsFlags() {
    #expect(Group(id: "1", groupTypes: ["Unified"], mailEnabled: true, securityEnabled: false).kind == .microsoft365)
    #expect(Group(id: "2", groupTypes: ["unified"], resourceProvisioningOptions: ["Team"]).kind == .team)
    #expect(Group(id: "3", groupTypes: [], mailEnabled: false, securityEnabled: true).kind == .security)
    #expect(Group(id: "4", mailEnabled: true, securityEnabled: true).kind == .mailEnabledSecurity)
    #expect(Group(id: "5", mailEnabled: true, securityEnabled: false).kind == .distribution)
    #expect(Group(id: "6").kind == .other)
    let dynamic = Group(
      id: "7", groupTypes: ["DynamicMembership"], securityEnabled: true, membershipRule: "user.city -eq \"Oslo\"",
      membershipRuleProcessingState: "Paused")
    #expect(dynamic.membership == .dynamic(rule: "user.city -eq \"Oslo\"", processing: false))
    #expect(dynamic.kindText == "security, dynamic (paused)")
    #expect(Group(id: "8", groupTypes: ["Unified"], visibility: "HiddenMembership").hasHiddenMembership)
    #expect(Group(id: "9", mailNickname: "crew").name == "crew" && Group(id: "10").name == "10")
  }

  @Test func thePathReadsFromTheMemberOutwards() {
    let path = MembershipPath(
      member: .person(Person(id: "p", displayName: "Ivan Petrov")),
      groups: ["Escalation Chain", "SRE On-Call", "Platform Team"].map { Group(id: $0, displayName: CleanText($0)) })
    #expect(path.text == "Ivan Petrov ∈ Escalation Chain ∈ SRE On-Call ∈ Platform Team")
    #expect(!path.isDirect)
    // Directory text is cleaned where it enters: an escape in a group's name never reaches the path.
    let hostile = MembershipPath(
      member: .undescribed(UndescribedObject(id: "d", odataType: "#microsoft.graph.device")),
      groups: [Group(id: "g", displayName: CleanText("Alerts \u{1B}[31mRED"))])
    #expect(hostile.text == "device ∈ Alerts RED" && hostile.isDirect)
  }

  @Test func memberRowsRoundTripInGraphsShape() throws {
    let rows: [DirectoryObject] = [
      .person(Person(id: "u", displayName: "Ana", mail: "ana@contoso.test")),
      .group(Group(id: "g", displayName: "Crew", mailEnabled: true, securityEnabled: false)),
      .undescribed(UndescribedObject(id: "s", odataType: "#microsoft.graph.servicePrincipal")),
    ]
    let data = try JSONEncoder().encode(rows)
    let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    #expect(
      objects.map { $0["@odata.type"] as? String }
        == ["#microsoft.graph.user", "#microsoft.graph.group", "#microsoft.graph.servicePrincipal"])
    #expect(try JSONDecoder().decode([DirectoryObject].self, from: data) == rows)
    #expect(rows[2].name == "service principal" && DirectoryObjectKind(odataType: "#microsoft.graph.device") == .device)
  }

  @Test func permissionsTheUICanExplain() {
    let need = GroupPermissionNeed.readGroups
    #expect(GroupPermissionNeed(need.error) == .readGroups)
    #expect(GroupPermissionNeed(GroupPermissionNeed.readHiddenMembership.error) == .readHiddenMembership)
    #expect(GroupPermissionNeed(.permissionDenied("User.Read.All")) == nil && GroupPermissionNeed(.notFound) == nil)
    #expect(
      need.explanation.string.contains("GroupMember.Read.All") && need.explanation.string.contains("administrator"))
    var account = Account(homeAccountId: "a", username: "u", tenantId: "t", authority: "", grantedScopes: ["User.Read"])
    #expect(!account.canReadGroups && account.missingGroupPermission == .readGroups)
    account.grantedScopes.append("https://graph.microsoft.com/GroupMember.Read.All")
    #expect(account.canReadGroups && account.missingGroupPermission == .readHiddenMembership)
    account.grantedScopes.append("Member.Read.Hidden")
    #expect(account.missingGroupPermission == nil)
  }
}
