import Foundation

/// "Member of" in a person's pane: `m` shows the groups the person is in (direct), `t` switches
/// to every group they are in through nesting; the groups are rows after the org chart that
/// Enter opens (`DetailReducer.walk`). The signed-in person's own groups need only `User.Read`
/// (`/me/memberOf`); another person's need `GroupMember.Read.All`, which the pane names.
enum MemberOfReducer {
  static func reduce(_ state: inout AppState, _ action: MemberOfAction) -> [Effect] {
    switch action {
    case .toggled:
      guard var pane = state.detail.pane.personPane else { return [] }
      if pane.memberOf != nil {
        pane.memberOf = nil
        pane.clampOrgRow()
        state.detail.pane = .person(pane)
        return [.cancel(id: .memberOf)]
      }
      let person = pane.person
      return load(&state, person, transitive: false, source: state.directorySource)
    case .transitiveToggled:
      guard let pane = state.detail.pane.personPane, let shown = pane.memberOf else { return [] }
      let person = pane.person
      return load(&state, person, transitive: !shown.transitive, source: state.directorySource)
    case .loaded(let id, let result):
      guard var pane = state.detail.pane.personPane, var shown = pane.memberOf, shown.requestID == id else {
        return []
      }
      switch result {
      case .success(let page):
        shown.status = .loaded(page.groups, fromIndex: page.fromIndex, more: page.next != nil)
      case .failure(.cancelled):
        return []
      case .failure(.signInRequired(let failure)):
        return SessionEnd.signInRequired(&state, failure)
      case .failure(.permissionDenied(let message)):
        shown.status = .needsPermission(GroupPermissionNeed(.permissionDenied(message)) ?? .readGroups)
      case .failure(.offline) where state.index.attached:
        return load(&state, pane.person, transitive: shown.transitive, source: .index)
      case .failure(let error):
        shown.status = .failed(message: error.plainMessage)
      }
      pane.memberOf = shown
      state.detail.memberOfCache.insert(shown, for: shown.personID, now: state.now)
      // The person asked to see the groups: the selection goes to the first.
      if let first = pane.orgRows.firstIndex(where: { $0.kind == .memberOf }) {
        pane.orgRowIndex = first
      } else {
        pane.clampOrgRow()
      }
      state.detail.pane = .person(pane)
      return []
    }
  }

  /// A fix changed someone's groups (`DerivedEvent.directoryWritten`): what was kept of their
  /// "Member of" is stale, and when the pane shows it, it is read again.
  static func directoryWritten(_ state: inout AppState) -> [Effect] {
    guard let personID = state.fix.lastWritten?.id,
      state.fix.lastKind == .groupAdd || state.fix.lastKind == .groupRemove
    else { return [] }
    state.detail.memberOfCache.remove(personID)
    guard let pane = state.detail.pane.personPane, pane.person.id == personID, let shown = pane.memberOf else {
      return []
    }
    return load(&state, pane.person, transitive: shown.transitive, source: state.directorySource)
  }

  private static func load(_ state: inout AppState, _ person: Person, transitive: Bool, source: DirectorySource)
    -> [Effect]
  {
    let id = state.nextPartRequest()
    var shown = MemberOfState(personID: person.id, transitive: transitive, requestID: id)
    let isMe = state.account.map { person.isSignedIn(as: $0) } ?? false
    if !isMe, let need = state.account?.missingGroupPermission, need == .readGroups, source == .graph {
      shown.status = .needsPermission(need)
      state.detail.pane.personPane?.memberOf = shown
      return [.cancel(id: .memberOf)]
    }
    state.detail.pane.personPane?.memberOf = shown
    // The signed-in person's own groups go through `/me`, which needs only User.Read.
    let query = MemberOfQuery(personID: isMe && source == .graph ? nil : person.id, transitive: transitive)
    return [.cancel(id: .memberOf), .loadMemberOf(query, requestID: id, source: source)]
  }
}

extension PersonPane {
  /// Keeps the org-chart row selection on a row when "Member of" rows go away.
  mutating func clampOrgRow() {
    orgRowIndex = min(orgRowIndex, max(0, orgRows.count - 1))
  }
}

extension Person {
  /// Whether this is the signed-in person (their user name is the account's).
  func isSignedIn(as account: Account) -> Bool {
    guard let upn = userPrincipalName?.string, !upn.isEmpty else { return false }
    return upn.lowercased() == account.username.string.lowercased()
  }
}
