import Foundation
import Geometry
import RosterCore
import TestSupport

/// States for the group snapshots: Platform Team ⊃ SRE On-Call ⊃ Escalation Chain ∋ Ivan Petrov,
/// built directly, as the reducers would leave them.
enum GroupScreenFixtures {
  static let platform = Group(
    id: "g-platform", displayName: "Platform Team", mail: "platform@contoso.com", mailNickname: "platform",
    description: "Builds and runs the internal platform", groupTypes: ["Unified"], mailEnabled: true,
    securityEnabled: false, visibility: "Private", resourceProvisioningOptions: ["Team"], memberCount: 4)
  static let sre = Group(
    id: "g-sre", displayName: "SRE On-Call", mail: "sre-oncall@contoso.com", mailNickname: "sre-oncall",
    groupTypes: [], mailEnabled: true, securityEnabled: true, memberCount: 3)
  static let escalation = Group(
    id: "g-esc", displayName: "Escalation Chain", mailNickname: "escalation", groupTypes: [], mailEnabled: false,
    securityEnabled: true, memberCount: 2)
  static let sales = Group(
    id: "g-sales", displayName: "Sales (dynamic)", mail: "sales@contoso.com", mailNickname: "sales",
    groupTypes: ["Unified", "DynamicMembership"], mailEnabled: true, securityEnabled: false, visibility: "Public",
    membershipRule: "user.department -eq \"Sales\"", membershipRuleProcessingState: "Paused")
  static let board = Group(
    id: "g-board", displayName: "Board Papers", mailNickname: "board", groupTypes: ["Unified"], mailEnabled: true,
    securityEnabled: false, visibility: "HiddenMembership")
  static let ivan = Person(
    id: "u-ivan", displayName: "Ivan Petrov", mail: "ivan.petrov@contoso.com", jobTitle: "Site Reliability Engineer")
  static let aoife = Person(id: "u-aoife", displayName: "Aoife O'Connor", mail: "aoife@contoso.com", jobTitle: "CTO")
  static let device = UndescribedObject(id: "d-0042", odataType: "#microsoft.graph.device")

  static func withGroups(_ state: AppState) -> AppState {
    var state = state
    state.groups.isEnabled = true
    state.account?.grantedScopes.append("GroupMember.Read.All")
    return state
  }

  /// "pla" typed: two groups above the people, the team selected, its pane loading.
  static func mixedList(rows: Int, cols: Int) -> AppState {
    var state = withGroups(ScreenFixtures.results(rows: rows, cols: cols, selected: 0))
    state.field.query = "al"
    state.groups.status = .results
    state.groups.results = [platform, sales]
    state.groups.resultsQuery = "al"
    state.selectGroup(at: 0)
    state.detail.pane = .group(GroupPaneState(group: platform))
    return state
  }

  static func platformDetail() -> GroupDetail {
    GroupDetail(group: platform, owners: [.person(aoife)], transitiveMemberCount: 7)
  }

  /// The team's pane with the keyboard: direct members, the nested group selected.
  static func groupPane(rows: Int, cols: Int, transitive: Bool = false) -> AppState {
    var state = mixedList(rows: rows, cols: cols)
    var pane = GroupPaneState(group: platform, transitive: transitive)
    pane.status = .loaded(platformDetail())
    let members: [DirectoryObject] =
      transitive
      ? [.person(aoife), .group(sre), .group(escalation), .person(ivan), .undescribed(device)]
      : [.person(aoife), .group(sre), .undescribed(device)]
    var page = MemberPage(members: members, totalCount: members.count + 1)
    page.notListed = 1
    pane.members = .loaded(MemberList(page))
    pane.memberIndex = transitive ? 3 : 1
    if transitive {
      pane.path = .loaded(MembershipPath(member: .person(ivan), groups: [escalation, sre, platform]))
    }
    state.detail.pane = .group(pane)
    state.focus = .detail
    state.singlePaneDetailOpen = cols < 60
    return state
  }
}
