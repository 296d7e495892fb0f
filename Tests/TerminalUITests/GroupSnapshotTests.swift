import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// Groups on screen at 120×40, 80×24 and 40×12: people and groups in one list, the group pane
/// (direct members, transitive with the nesting path, a missing permission, hidden membership,
/// from the index offline) and "Member of" in a person's pane.
@MainActor
@Suite struct GroupSnapshotTests {
  func snapshot(
    _ name: String, prepare: (RootViewController) -> Void = { _ in }, _ makeState: (Int, Int) -> AppState
  ) {
    for size in ViewControllerSnapshotTests.sizes {
      let root = RootViewController()
      prepare(root)
      var buffer = ScreenBuffer(rows: size.rows, cols: size.cols)
      root.render(makeState(size.rows, size.cols), into: &buffer)
      assertSnapshot(buffer, named: "\(name)-\(size.cols)x\(size.rows)")
    }
  }

  @Test func peopleAndGroupsInOneList() {
    snapshot("groups-mixed-list") { GroupScreenFixtures.mixedList(rows: $0, cols: $1) }
  }

  @Test func groupsOnlyList() {
    snapshot("groups-only-list") { rows, cols in
      var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
      state.list.kind = .groups
      state.groups.totalCount = 40
      state.groups.next = PageCursor(nextLink: "next")
      return state
    }
  }

  /// People's filters with groups alone listed: the list says filters narrow people only.
  @Test func groupsOnlyWithPeoplesFilters() {
    snapshot("groups-only-filters") { rows, cols in
      var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
      state.list.kind = .groups
      state.field.query = "dept:Sales"
      state.groups = GroupSearchState(isEnabled: true)
      state.list.selected = nil
      return state
    }
  }

  @Test func groupPaneDirectMembers() {
    snapshot("group-pane-direct") { GroupScreenFixtures.groupPane(rows: $0, cols: $1) }
  }

  @Test func groupPaneTransitiveWithPath() {
    snapshot("group-pane-transitive-path") { GroupScreenFixtures.groupPane(rows: $0, cols: $1, transitive: true) }
  }

  @Test func groupPaneWithoutPermission() {
    snapshot("group-pane-permission") { rows, cols in
      var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
      state.account?.grantedScopes.removeAll { $0 == "GroupMember.Read.All" }
      state.groups.onlyMine = .readGroups
      var pane = GroupPaneState(group: GroupScreenFixtures.platform)
      pane.status = .needsPermission(.readGroups)
      pane.members = .needsPermission(.readGroups)
      state.detail.pane = .group(pane)
      return state
    }
  }

  @Test func groupPaneHiddenMembership() {
    snapshot("group-pane-hidden") { rows, cols in
      var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
      var pane = GroupPaneState(group: GroupScreenFixtures.board)
      pane.status = .loaded(
        GroupDetail(group: GroupScreenFixtures.board, owners: [], membersProblem: .readHiddenMembership))
      pane.members = .needsPermission(.readHiddenMembership)
      state.detail.pane = .group(pane)
      return state
    }
  }

  @Test func groupPaneDynamicFromTheIndexOffline() {
    snapshot("group-pane-offline") { rows, cols in
      var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
      state.index.attached = true
      state.index.offline = true
      state.index.summary = LocalIndexSummary(
        complete: true, people: 8, lastSync: ScreenFixtures.epoch.addingTimeInterval(-600), groups: 5)
      var pane = GroupPaneState(group: GroupScreenFixtures.sales)
      pane.status = .loaded(GroupDetail(group: GroupScreenFixtures.sales, fromIndex: true))
      pane.members = .loaded(
        MemberList(MemberPage(members: [.person(GroupScreenFixtures.ivan)], totalCount: 1, fromIndex: true)))
      state.detail.pane = .group(pane)
      state.focus = .detail
      state.singlePaneDetailOpen = cols < 60
      return state
    }
  }

  @Test func memberOfInAPersonsPane() {
    // As after `m`: the groups are brought into view once they have come.
    snapshot("detail-member-of", prepare: { $0.detail.revealsMemberOf = true }) { rows, cols in
      var state = GroupScreenFixtures.withGroups(ScreenFixtures.results(rows: rows, cols: cols, selected: 0))
      let people = ScreenFixtures.people
      state.detail.showPerson(.loaded(PersonDetail(person: people[0], manager: people[3])))
      state.detail.pane.personPane?.memberOf = MemberOfState(
        personID: people[0].id, transitive: true,
        status: .loaded(
          [GroupScreenFixtures.escalation, GroupScreenFixtures.sre, GroupScreenFixtures.platform], fromIndex: false,
          more: false))
      state.detail.pane.personPane?.orgRowIndex = 2
      state.focus = .detail
      state.singlePaneDetailOpen = cols < 60
      return state
    }
  }
}
