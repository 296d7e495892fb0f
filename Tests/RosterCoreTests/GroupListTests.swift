import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// Groups in the one search field and the group pane, through the real Store and runtime: the
/// index's answer in the key's own frame, the stale-answer rule, Ctrl-G's kinds, the walk from a
/// team to a nested group, a transitive member and how they are in it, "Member of" and back,
/// "my groups" without the consent to search all groups, and the index's answers offline.
@MainActor
@Suite struct GroupListTests {
  nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)
  nonisolated static let ann = Person(id: "u-ann", displayName: "Ann Lee", mail: "ann@contoso.test")
  nonisolated static let platform = Group(
    id: "g-platform", displayName: "Platform Team", groupTypes: ["Unified"], mailEnabled: true,
    securityEnabled: false, resourceProvisioningOptions: ["Team"])
  nonisolated static let london = Group(
    id: "g-london", displayName: "London Office", mailEnabled: false, securityEnabled: true)
  nonisolated static let sre = Group(id: "g-sre", displayName: "SRE On-Call", mailEnabled: false, securityEnabled: true)
  nonisolated static let escalation = Group(
    id: "g-esc", displayName: "Escalation Chain", mailEnabled: false, securityEnabled: true)
  nonisolated static let ivan = Person(
    id: "u-ivan", displayName: "Ivan Petrov", mail: "ivan@contoso.test", userPrincipalName: "ivan@contoso.test")

  static func signedIn(canReadGroups: Bool = true, kinds: Set<ObjectKind> = Set(ObjectKind.allCases)) -> AppState {
    var state = AppState.signedIn(kinds: kinds)
    if canReadGroups { state.account?.grantedScopes.append("https://graph.microsoft.com/GroupMember.Read.All") }
    return state
  }

  /// Records effects and answers none.
  final class Recorder: EffectRunning, @unchecked Sendable {
    var effects: [Effect] = []
    func run(_ effect: Effect, feedback: EffectFeedback) { effects.append(effect) }
  }

  /// A tenant of three nested groups answered at once, recording what was asked.
  final class Tenant: Sendable {
    let asked = LockedValue<[String]>([])
    let fromIndex: Bool
    init(fromIndex: Bool = false) { self.fromIndex = fromIndex }

    func members(_ query: MembersQuery) -> [DirectoryObject] {
      switch (query.groupID, query.transitive) {
      case ("g-platform", false): return [.person(GroupListTests.ann), .group(GroupListTests.sre)]
      case ("g-platform", true):
        return [
          .person(GroupListTests.ann), .group(GroupListTests.sre), .group(GroupListTests.escalation),
          .person(GroupListTests.ivan),
        ]
      case ("g-sre", false): return [.group(GroupListTests.escalation)]
      case ("g-sre", true): return [.group(GroupListTests.escalation), .person(GroupListTests.ivan)]
      default: return [.person(GroupListTests.ivan)]
      }
    }

    var client: GroupClient {
      let fromIndex = self.fromIndex
      return GroupClient(
        searchGroups: { query, _ in
          self.asked.withLock { $0.append("search:\(query.text)") }
          return GroupPage(groups: [GroupListTests.platform], totalCount: 1)
        },
        nextGroups: { _, _ in throw DirectoryError.notFound },
        groupDetail: { key, _ in
          self.asked.withLock { $0.append("group:\(key)") }
          let group = [GroupListTests.platform, GroupListTests.sre, GroupListTests.escalation].first { $0.id == key }
          guard let group else { throw DirectoryError.notFound }
          return GroupDetail(group: group, fromIndex: fromIndex)
        },
        members: { query, _ in
          self.asked.withLock { $0.append("members:\(query.groupID):\(query.transitive ? "all" : "direct")") }
          let members = self.members(query)
          return MemberPage(members: members, totalCount: members.count, fromIndex: fromIndex)
        },
        nextMembers: { _, _ in throw DirectoryError.notFound },
        memberOf: { query, _ in
          self.asked.withLock { $0.append("memberOf:\(query.personID ?? "me"):\(query.transitive ? "all" : "direct")") }
          let groups =
            query.transitive
            ? [GroupListTests.escalation, GroupListTests.sre, GroupListTests.platform] : [GroupListTests.escalation]
          return GroupPage(groups: groups, fromIndex: fromIndex)
        },
        membershipPath: { member, group, _ in
          self.asked.withLock { $0.append("path:\(member):\(group)") }
          return MembershipPath(
            member: .person(GroupListTests.ivan),
            groups: [GroupListTests.escalation, GroupListTests.sre, GroupListTests.platform])
        })
    }

    @discardableResult func take() -> [String] {
      asked.withLock { asked in
        let taken = asked
        asked = []
        return taken
      }
    }
  }

  @Test func groupsAnswerInTheKeysOwnFrameFromAWarmIndex() {
    let recorder = Recorder()
    let index = LocalIndexClient(
      attach: { _ in nil }, search: { _, _ in [Self.ann] }, sync: { _ in .busy }, remove: { _ in },
      searchGroups: { text, _ in text == "plat" ? [Self.platform] : [] })
    var state = Self.signedIn()
    state.now = Self.now
    state.index.attached = true
    state.index.summary = LocalIndexSummary(
      complete: true, people: 1, lastSync: Self.now.addingTimeInterval(-60), groups: 3)
    let store = Store(
      initialState: state, runtime: recorder, instantSearch: InstantIndexSearch(index), clock: { Self.now })
    var frames: [[ListRow]] = []
    store.onChange = { frames.append($0.listRows) }

    store.send(.search(.queryChanged("plat")))
    #expect(frames == [[.group(Self.platform), .person(Self.ann)]], "one frame, already both answers")
    #expect(store.state.selectedGroup == Self.platform, "the top row, the team, is selected")
    #expect(store.state.detail.pane.groupPane?.group == Self.platform)
    #expect(store.state.groups.fromIndex)
    #expect(
      !recorder.effects.contains {
        if case .searchGraph(let asked, _) = $0, asked.kind == .group { true } else { false }
      })
    #expect(!recorder.effects.contains { if case .debounce(.groupSearchDebounce, _, _) = $0 { true } else { false } })

    store.send(.search(.queryChanged("plax")))
    #expect(frames.last == [.person(Self.ann)], "no group matches: the team is gone in the same frame")
    #expect(store.state.selectedGroup == nil)
  }

  /// Issue 28 (1) for groups as for people: a changed query selects the top row even when the
  /// group selected before is still listed; a selection moved by hand stays for the same query.
  @Test func aChangedQuerySelectsTheTopGroupAndAMovedOneStaysForTheSameQuery() {
    let engineering = Group(id: "g-eng", displayName: "Platform Engineering", mailEnabled: false, securityEnabled: true)
    let index = LocalIndexClient(
      attach: { _ in nil }, search: { _, _ in [] }, sync: { _ in .busy }, remove: { _ in },
      searchGroups: { text, _ in
        // In the list's order (`GroupOrder`), as the index answers: by name.
        text == "platform e" ? [engineering] : text.hasPrefix("platform") ? [engineering, Self.platform] : []
      })
    var state = Self.signedIn()
    state.now = Self.now
    state.index.attached = true
    state.index.summary = LocalIndexSummary(
      complete: true, people: 1, lastSync: Self.now.addingTimeInterval(-60), groups: 2)
    let store = Store(
      initialState: state, runtime: Recorder(), instantSearch: InstantIndexSearch(index), clock: { Self.now })

    store.send(.search(.queryChanged("platform")))
    store.send(.list(.selectionMoved(by: 1)))
    #expect(store.state.selectedGroup == Self.platform)
    store.send(.search(.retryRequested))
    #expect(store.state.selectedGroup == Self.platform, "the same query keeps the moved selection")

    store.send(.search(.queryChanged("platform ")))
    #expect(store.state.selectedGroup == engineering, "a changed query goes to the top row")
  }

  /// A query with people's filters (`office:London`, `dept:` alone) lists people only: a group or
  /// room has no office or department, and searched as words `office` found "London Office".
  @Test func filtersNarrowPeopleOnly() {
    var state = Self.signedIn()
    state.rooms.isEnabled = true
    state.rooms.catalog = .loaded(RoomCatalog(rooms: [RoomListTests.ada]))
    _ = reduce(&state, .search(.queryChanged("london")))
    _ = reduce(
      &state, .search(.answered(id: state.field.requestID, .groups(.success(GroupPage(groups: [Self.london]))))))
    _ = reduce(&state, .search(.queryChanged("ada")))
    #expect(state.rooms.results == [RoomListTests.ada])

    for query in ["office:London", "ada dept:Sales", "dept:"] {
      let effects = reduce(&state, .search(.queryChanged(query)))
      #expect(state.groups.results.isEmpty && state.groups.status == .idle, "\(query)")
      #expect(state.rooms.results.isEmpty, "\(query)")
      #expect(
        !effects.contains { if case .searchGraph(let asked, _) = $0, asked.kind == .group { true } else { false } },
        "\(query)")
      #expect(!effects.contains { if case .debounce(.groupSearchDebounce, _, _) = $0 { true } else { false } })
      #expect(state.listRows.allSatisfy { if case .person = $0 { true } else { false } })
    }
    #expect(state.field.narrowsPeopleOnly)
    _ = reduce(&state, .search(.queryChanged("london office")))
    #expect(!state.field.narrowsPeopleOnly && state.groups.status == .searching, "plain words search groups again")
  }

  /// A group answer for a query the field no longer holds is dropped, whatever it says.
  @Test func anAnswerForAnOlderQueryNeverShows() async {
    let store = TestStore(state: Self.signedIn())
    await store.send(.search(.queryChanged("pla"))) {
      $0.typedNewQuery("pla")
      $0.groups.status = .searching
      $0.roomsFollowQuery()
    }
    await store.receiveOtherKindsAnswers()
    let old = store.state.field.requestID
    await store.send(.search(.queryChanged("plx"))) {
      $0.typedNewQuery("plx")
      $0.roomsFollowQuery()
    }
    await store.send(.search(.answered(id: old, .groups(.success(GroupPage(groups: [Self.platform]))))))
    await store.send(.search(.indexAnswered(id: old, .groups([Self.platform], asked: 10))))
    await store.advance(by: store.searchDebounce)
    await store.receiveDebounceElapsed()
    await store.receive(.search(.debounceElapsed(id: store.state.field.requestID, kind: .group)))
    let none = GroupPage(groups: [], totalCount: 0)
    await store.receive(.search(.answered(id: store.state.field.requestID, .groups(.success(none))))) {
      $0.groups.status = .results
      $0.groups.totalCount = 0
      $0.groups.resultsQuery = "plx"
    }
    await store.answerSearch("plx", with: PeoplePage(people: []))
    await store.finish()
  }

  /// Ctrl-G steps through the kinds the list holds: with rooms switched off, people, groups and
  /// both (every kind on is `RoomListTests.ctrlGStepsThroughEveryKindSwitchedOn`).
  @Test func ctrlGStepsThroughPeopleGroupsAndBoth() async {
    let store = TestStore(state: Self.signedIn(kinds: [.person, .group]))
    await store.send(.list(.kindSwitched)) { $0.list.kind = .people }
    await store.send(.list(.kindSwitched)) { $0.list.kind = .groups }
    await store.send(.list(.kindSwitched)) { $0.list.kind = .all }
    await store.finish()
  }

  /// The issue's walk: a team found by typing, a nested group opened from its members, all
  /// members with how one is in the team, the member opened, their "Member of", and back.
  @Test func walkFromATeamToANestedGroupAndAMemberAndBack() async {
    let tenant = Tenant()
    let store = TestStore(state: Self.signedIn(), groups: tenant.client)
    store.exhaustivity = .off(reason: "the walk's states and calls; the search rules are asserted in full elsewhere")
    await store.send(.search(.queryChanged("plat")))
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.ann])) }
    await store.settle()
    #expect(tenant.take() == ["search:plat"])
    #expect(store.state.listRows == [.group(Self.platform), .person(Self.ann)])
    #expect(store.state.selectedGroup == Self.platform)

    await store.advance(by: Tuning.detailDebounce)
    #expect(tenant.take().sorted() == ["group:g-platform", "members:g-platform:direct"])
    #expect(store.state.detail.pane.groupPane?.memberRows == [.person(Self.ann), .group(Self.sre)])
    #expect(store.directory.takeCalls().isEmpty, "no person is loaded for a group row")

    await store.send(.app(.focusSwitched))
    await store.send(.groupPane(.memberMoved(by: 1)))
    await store.send(.groupPane(.memberOpened))
    #expect(store.state.detail.trail.map(\.id) == ["g-platform", "g-sre"])
    #expect(tenant.take().sorted() == ["group:g-sre", "members:g-sre:direct"], "opened at once")

    await store.send(.groupPane(.transitiveToggled))
    #expect(tenant.take() == ["members:g-sre:all"])
    await store.send(.groupPane(.memberMoved(by: 1)))
    #expect(store.state.detail.pane.groupPane?.selectedMember == .person(Self.ivan))
    await store.advance(by: Tuning.detailDebounce)
    #expect(tenant.take() == ["path:u-ivan:g-sre"], "one path asked, for the member the selection rested on")
    guard case .loaded(let path) = store.state.detail.pane.groupPane?.path else {
      Issue.record("no path shown")
      return
    }
    #expect(path.text == "Ivan Petrov ∈ Escalation Chain ∈ SRE On-Call ∈ Platform Team")

    await store.send(.groupPane(.memberOpened))
    #expect(store.state.detail.status == .loading(Self.ivan))
    #expect(store.state.detail.pane.groupPane == nil)
    let detail = store.directory.takeCalls()
    #expect(detail.map(\.request) == [.detail(Self.ivan.id)])
    detail.forEach { $0.respond(PersonDetail(person: Self.ivan)) }
    await store.settle()

    await store.send(.memberOf(.toggled))
    #expect(tenant.take() == ["memberOf:u-ivan:direct"])
    #expect(store.state.detail.selectedOrgRow?.subject == .group(Self.escalation), "the first group is selected")
    await store.send(.memberOf(.transitiveToggled))
    #expect(tenant.take() == ["memberOf:u-ivan:all"])
    #expect(store.state.detail.orgRows.compactMap(\.subject.group) == [Self.escalation, Self.sre, Self.platform])
    #expect(store.state.detail.breadcrumb.map(\.id) == ["g-platform", "g-sre", "u-ivan"])

    await store.send(.detail(.wentBack))
    #expect(store.state.detail.pane.groupPane?.group.id == "g-sre")
    #expect(store.state.detail.pane.groupPane?.transitive == true, "back where it was: all members")
    #expect(store.state.detail.pane.groupPane?.selectedMember == .person(Self.ivan), "on the member just left")
    #expect(tenant.take().isEmpty, "walking back needs no request")
    await store.send(.detail(.wentBack))
    #expect(store.state.detail.pane.groupPane?.group.id == "g-platform")
    #expect(store.state.detail.trail.isEmpty)
    await store.advance(by: Tuning.detailDebounce)
    tenant.take()
    await store.finish()
  }

  /// Without GroupMember.Read.All the list shows the person's own groups that match and says
  /// which consent the rest needs; a group's pane asks nothing and names the permission.
  @Test func withoutTheConsentMyGroupsStillWork() async {
    let tenant = Tenant()
    let store = TestStore(state: Self.signedIn(canReadGroups: false), groups: tenant.client)
    store.exhaustivity = .off(reason: "what is asked and shown; the search rules are asserted in full elsewhere")
    await store.send(.search(.queryChanged("sre")))
    #expect(tenant.take() == ["memberOf:me:all"], "my groups, once, at once")
    #expect(store.state.groups.onlyMine == .readGroups)
    #expect(store.state.listRows.first == .group(Self.sre))
    await store.send(.search(.queryChanged("escal")))
    #expect(tenant.take().isEmpty, "my groups are kept: no second request")
    #expect(store.state.shownGroups == [Self.escalation])
    #expect(store.state.detail.pane.groupPane?.status == .needsPermission(.readGroups))
    #expect(store.state.detail.pane.groupPane?.members == .needsPermission(.readGroups))
    await store.advance(by: store.searchDebounce + Tuning.detailDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [])) }
    await store.settle()
    #expect(tenant.take().isEmpty, "the pane asks Graph nothing it would refuse")
    await store.finish()
  }

  /// "My groups" are one list whatever the query: keys typed while it loads wait for it instead
  /// of cancelling the read and asking again (one request per key on a slow link), and when it
  /// arrives it answers the query then in the field, whichever key asked.
  @Test func keysTypedWhileMyGroupsLoadWaitForTheOneRead() {
    var state = Self.signedIn(canReadGroups: false)
    let asks = { (effects: [Effect]) in
      effects.filter { if case .loadMyGroups = $0 { true } else { false } }.count
    }
    #expect(asks(reduce(&state, .search(.queryChanged("e")))) == 1)
    let second = reduce(&state, .search(.queryChanged("es")))
    #expect(asks(second) == 0 && !second.contains(.cancel(id: .myGroups)), "the read on the wire is kept")
    #expect(asks(reduce(&state, .search(.queryChanged("esc")))) == 0)
    _ = reduce(&state, .search(.answered(id: 1, .myGroups(.success(GroupPage(groups: [Self.sre, Self.escalation]))))))
    #expect(state.shownGroups == [Self.escalation], "answered for the field's query, not the first key's")
    #expect(asks(reduce(&state, .search(.queryChanged("sre")))) == 0, "kept for the session")
    #expect(state.shownGroups == [Self.sre])
  }

  /// Offline and without the consent, "my groups" come from the index.
  @Test func offlineMyGroupsComeFromTheIndex() async {
    let live = Tenant()
    let indexed = Tenant(fromIndex: true)
    let index = LocalIndexClient(
      attach: { _ in nil }, search: { _, _ in [] }, sync: { _ in .busy }, remove: { _ in }, groups: indexed.client)
    var state = Self.signedIn(canReadGroups: false)
    state.index.attached = true
    state.index.offline = true
    state.index.summary = LocalIndexSummary(complete: true, people: 1, lastSync: state.now)
    let store = TestStore(state: state, index: index, groups: live.client)
    store.exhaustivity = .off(reason: "where the answers come from; the search rules are asserted in full elsewhere")
    await store.send(.search(.queryChanged("sre")))
    #expect(indexed.take() == ["memberOf:me:all"])
    #expect(live.take().isEmpty)
    #expect(store.state.shownGroups == [Self.sre])
    await store.finish()
  }

  /// With Graph unreachable at the last sync, the group pane and "Member of" answer from the
  /// index, marked as such.
  @Test func offlineTheGroupPaneAnswersFromTheIndex() async {
    let live = Tenant()
    let indexed = Tenant(fromIndex: true)
    let index = LocalIndexClient(
      attach: { _ in nil }, search: { _, _ in [Self.ivan] }, sync: { _ in .busy }, remove: { _ in },
      searchGroups: { _, _ in [Self.platform] }, groups: indexed.client)
    var state = Self.signedIn()
    state.index.attached = true
    state.index.offline = true
    state.index.summary = LocalIndexSummary(complete: true, people: 1, lastSync: state.now, groups: 3)
    let store = TestStore(state: state, index: index, groups: live.client)
    store.exhaustivity = .off(reason: "where the answers come from; the search rules are asserted in full elsewhere")
    await store.send(.search(.queryChanged("plat")))
    #expect(store.state.listRows == [.group(Self.platform), .person(Self.ivan)])
    await store.advance(by: Tuning.detailDebounce)
    #expect(indexed.take().sorted() == ["group:g-platform", "members:g-platform:direct"])
    #expect(live.take().isEmpty, "Graph is not asked while it cannot be reached")
    #expect(store.state.detail.pane.groupPane?.fromIndex == true)
    await store.send(.list(.selectionMoved(by: 1)))
    await store.advance(by: Tuning.selectionRest + Tuning.detailDebounce)
    await store.send(.memberOf(.toggled))
    #expect(indexed.take() == ["memberOf:u-ivan:direct"])
    #expect(
      store.state.detail.pane.personPane?.memberOf?.status == .loaded([Self.escalation], fromIndex: true, more: false))
    await store.finish()
  }
}
