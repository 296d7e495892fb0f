import Foundation

/// The detail pane when it shows a group: its properties and owners, its members (direct or
/// transitive, a page at a time), and how the selected member is in it (the nesting path).
/// Enter on a member opens that person or group through the one walk (`DetailReducer.walk`).
enum GroupPaneReducer {
  /// Members asked per page: the first page lists at once; more as the selection nears its end.
  static let membersPage = 100

  static func reduce(_ state: inout AppState, _ action: GroupPaneAction) -> [Effect] {
    switch action {
    case .debounceElapsed(let id):
      guard let pane = state.detail.pane.groupPane, pane.detailRequest == id, pane.status == .loading else { return [] }
      return fetch(&state, source: state.directorySource)
    case .loaded(let id, let result):
      guard var pane = state.detail.pane.groupPane, pane.detailRequest == id else { return [] }
      switch result {
      case .success(let detail):
        pane.status = .loaded(detail)
        pane.group = detail.group
        if let problem = detail.membersProblem {
          pane.members = .needsPermission(problem)
          pane.path = .none
        }
        return update(&state, pane)
      case .failure(let error):
        return failed(&state, error) { pane, message in pane.status = .failed(message: message) }
      }
    case .membersLoaded(let id, let result):
      guard var pane = state.detail.pane.groupPane, pane.membersRequest == id else { return [] }
      switch result {
      case .success(let page):
        if case .loaded(let detail) = pane.status, let problem = detail.membersProblem {
          pane.members = .needsPermission(problem)
          return update(&state, pane)
        }
        pane.members = .loaded(MemberList(page))
        let rows = pane.memberRows
        if let returning = pane.returningTo, let index = rows.firstIndex(where: { $0.id == returning }) {
          pane.memberIndex = index
        } else {
          pane.memberIndex = 0
        }
        pane.returningTo = nil
        return update(&state, pane) + askPath(&state)
      case .failure(let error):
        return failed(&state, error) { pane, message in pane.members = .failed(message: message) }
      }
    case .moreMembersLoaded(let id, let result):
      guard var pane = state.detail.pane.groupPane, pane.membersRequest == id, case .loaded(var list) = pane.members,
        list.isLoadingMore
      else { return [] }
      list.isLoadingMore = false
      switch result {
      case .success(let page):
        let known = Set(list.members.map(\.id))
        list.members += page.members.filter { !known.contains($0.id) }
        list.next = page.next
        list.hiddenFromAddressList += page.hiddenFromAddressList
        if page.next == nil { list.notListed = page.notListed }
      case .failure(.cancelled):
        break
      case .failure(let error):
        // The rows loaded stay; the end of the list says why no more came.
        list.next = nil
        list.notListed = nil
        pane.members = .loaded(list)
        _ = update(&state, pane)
        state.showBanner("Could not load more members: \(error.plainMessage)", kind: .error)
        return []
      }
      pane.members = .loaded(list)
      return update(&state, pane)
    case .memberMoved(let delta):
      guard var pane = state.detail.pane.groupPane else { return [] }
      let rows = pane.memberRows
      guard !rows.isEmpty else { return [] }
      let target = min(max(0, pane.memberIndex + delta), rows.count - 1)
      guard target != pane.memberIndex else { return [] }
      pane.memberIndex = target
      state.detail.pane = .group(pane)
      return askPath(&state)
    case .nearEndReached:
      guard var pane = state.detail.pane.groupPane, case .loaded(var list) = pane.members, let cursor = list.next,
        !list.isLoadingMore
      else { return [] }
      list.isLoadingMore = true
      pane.members = .loaded(list)
      state.detail.pane = .group(pane)
      let source: DirectorySource = list.fromIndex ? .index : .graph
      return [.fetchMoreMembers(cursor, requestID: pane.membersRequest, source: source)]
    case .memberOpened:
      guard let member = state.detail.pane.groupPane?.selectedMember, let subject = PaneSubject(member) else {
        return []
      }
      return DetailReducer.walk(&state, to: subject)
    case .transitiveToggled:
      guard var pane = state.detail.pane.groupPane else { return [] }
      pane.transitive.toggle()
      pane.memberIndex = 0
      pane.path = .none
      state.detail.pane = .group(pane)
      if case .needsPermission = pane.members { return update(&state, pane) }
      if case .needsPermission = pane.status { return update(&state, pane) }
      return fetchMembers(&state, source: state.directorySource)
    case .pathDue(let id):
      guard let pane = state.detail.pane.groupPane, pane.pathRequest == id, case .loading(let memberID) = pane.path
      else {
        return []
      }
      return [
        .cancel(id: .groupPath),
        .loadMembershipPath(
          memberID: memberID, groupID: pane.group.id, requestID: id,
          source: pane.fromIndex ? .index : state.directorySource
        ),
      ]
    case .pathLoaded(let id, let result):
      guard var pane = state.detail.pane.groupPane, pane.pathRequest == id, case .loading(let memberID) = pane.path
      else {
        return []
      }
      switch result {
      case .success(let path?): pane.path = .loaded(path)
      case .success(nil): pane.path = .failed(memberID: memberID, message: "Not a member any more.")
      case .failure(.cancelled): return []
      case .failure(let error): pane.path = .failed(memberID: memberID, message: error.plainMessage)
      }
      return update(&state, pane)
    }
  }

  // MARK: - Opening

  /// Points the pane at the list's selected group: from the cache at once, else after the
  /// detail pause (a selection running through the list asks nothing on the way).
  static func selectionChanged(_ state: inout AppState) -> [Effect] {
    // Reached for a group row only (`GroupListing`, routed by the selected row's kind).
    guard let selected = state.selectedGroup else { return [] }
    if state.detail.trail.isEmpty, state.detail.pane.groupPane?.group.id == selected.id { return [] }
    state.detail.trail = []
    return show(&state, selected, returningTo: nil, pause: Tuning.detailDebounce)
  }

  /// Shows `group` now (the person opened it from a row of the pane).
  static func open(_ state: inout AppState, _ group: Group, returningTo: String?) -> [Effect] {
    show(&state, group, returningTo: returningTo, pause: nil)
  }

  /// The pane is about to be looked at (opened, given the keyboard): a group still waiting for
  /// its pause loads now.
  static func neededNow(_ state: inout AppState) -> [Effect] {
    guard let pane = state.detail.pane.groupPane, pane.status == .loading else { return [] }
    return [.cancel(id: .detailDebounce)] + fetch(&state, source: state.directorySource)
  }

  private static func show(_ state: inout AppState, _ group: Group, returningTo: String?, pause: Duration?)
    -> [Effect]
  {
    state.detail.requestID += 1
    state.detail.selectionMoving = false
    let cancels: [Effect] = [
      .cancel(id: .detailDebounce), .cancel(id: .detail), .cancel(id: .group), .cancel(id: .groupMembers),
      .cancel(id: .groupPathDebounce), .cancel(id: .groupPath), .cancel(id: .memberOf), .cancel(id: .selectionRest),
    ]
    if var cached = state.detail.groupCache.value(for: group.id, now: state.now) {
      cached.detailRequest = state.detail.requestID
      if let returningTo, let index = cached.memberRows.firstIndex(where: { $0.id == returningTo }) {
        cached.memberIndex = index
      }
      state.detail.pane = .group(cached)
      return cancels + askPath(&state)
    }
    var pane = GroupPaneState(group: group)
    pane.detailRequest = state.detail.requestID
    pane.returningTo = returningTo
    state.detail.pane = .group(pane)
    if let need = state.account?.missingGroupPermission, need == .readGroups {
      // Nothing to ask: Graph would refuse. The pane shows what the row knows and says why.
      pane.status = .needsPermission(need)
      pane.members = .needsPermission(need)
      return cancels + update(&state, pane)
    }
    guard let pause else { return cancels + fetch(&state, source: state.directorySource) }
    return cancels + [
      .debounce(id: .detailDebounce, after: pause, then: .groupPane(.debounceElapsed(id: state.detail.requestID)))
    ]
  }

  // MARK: - Reading

  /// The group's properties and its first page of members, both at once.
  private static func fetch(_ state: inout AppState, source: DirectorySource) -> [Effect] {
    guard let pane = state.detail.pane.groupPane else { return [] }
    return [.cancel(id: .group), .loadGroup(groupID: pane.group.id, requestID: pane.detailRequest, source: source)]
      + fetchMembers(&state, source: source)
  }

  private static func fetchMembers(_ state: inout AppState, source: DirectorySource) -> [Effect] {
    guard var pane = state.detail.pane.groupPane else { return [] }
    pane.membersRequest = state.nextPartRequest()
    pane.members = .loading
    pane.path = .none
    state.detail.pane = .group(pane)
    let query = MembersQuery(groupID: pane.group.id, transitive: pane.transitive, pageSize: membersPage)
    return [
      .cancel(id: .groupMembers), .cancel(id: .groupPathDebounce), .cancel(id: .groupPath),
      .loadGroupMembers(query, requestID: pane.membersRequest, source: source),
    ]
  }

  /// In transitive mode, how the selected member is in the group, after the selection rests.
  private static func askPath(_ state: inout AppState) -> [Effect] {
    guard var pane = state.detail.pane.groupPane, pane.transitive, let member = pane.selectedMember else {
      if state.detail.pane.groupPane?.path != MembershipPathStatus.none { state.detail.pane.groupPane?.path = .none }
      return [.cancel(id: .groupPathDebounce), .cancel(id: .groupPath)]
    }
    if case .loaded(let path) = pane.path, path.member.id == member.id { return [] }
    pane.pathRequest = state.nextPartRequest()
    pane.path = .loading(memberID: member.id)
    state.detail.pane = .group(pane)
    return [
      .cancel(id: .groupPath),
      .debounce(id: .groupPathDebounce, after: Tuning.detailDebounce, then: .groupPane(.pathDue(id: pane.pathRequest))),
    ]
  }

  /// Stores `pane` as shown and in the cache (walking back to it needs no request).
  private static func update(_ state: inout AppState, _ pane: GroupPaneState) -> [Effect] {
    state.detail.pane = .group(pane)
    if case .loaded = pane.status { state.detail.groupCache.insert(pane, for: pane.group.id, now: state.now) }
    return []
  }

  /// A read of the pane's group failed: signing in again, a missing permission said as such,
  /// Graph unreachable answered from the index, else the reason in plain words. `apply` sets the
  /// failed part.
  private static func failed(
    _ state: inout AppState, _ error: DirectoryError, apply: (inout GroupPaneState, CleanText) -> Void
  ) -> [Effect] {
    guard var pane = state.detail.pane.groupPane else { return [] }
    switch error {
    case .cancelled:
      return []
    case .signInRequired(let failure):
      return SessionEnd.signInRequired(&state, failure)
    case .permissionDenied:
      let need = GroupPermissionNeed(error) ?? .readGroups
      if need == .readGroups { pane.status = .needsPermission(need) }
      pane.members = .needsPermission(need)
      pane.path = .none
      return update(&state, pane)
    case .offline where state.index.attached && !pane.fromIndex:
      // Graph cannot be reached: the index answers both parts (marked as from the index).
      return fetch(&state, source: .index)
    default:
      apply(&pane, error.plainMessage)
      return update(&state, pane)
    }
  }
}

extension GroupPaneState {
  /// Whether what the pane shows came from the local index.
  public var fromIndex: Bool {
    if case .loaded(let detail) = status, detail.fromIndex { return true }
    if case .loaded(let list) = members, list.fromIndex { return true }
    return false
  }
}
