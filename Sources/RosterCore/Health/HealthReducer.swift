import Foundation

/// The pane's Account section: the key opens it on the pane's person and asks for what is not
/// yet known; pressing it again closes it. Answers for another request are dropped.
enum HealthReducer {
  static func reduce(_ state: inout AppState, _ action: HealthAction) -> [Effect] {
    switch action {
    case .toggled:
      guard state.mayAskHealth, let person = state.detail.status.person else { return [] }
      if state.health.shownFor == person.id {
        state.health.shownFor = nil
        return []
      }
      state.health.shownFor = person.id
      guard state.health.byPerson[person.id] == nil, state.health.pendingPersonID != person.id else { return [] }
      state.health.requestID += 1
      state.health.pendingPersonID = person.id
      return [
        .cancel(id: .health),
        .loadHealth(
          personID: person.id, scopes: state.account?.grantedScopes ?? [], requestID: state.health.requestID),
      ]
    case .loaded(let id, let personID, let report):
      guard id == state.health.requestID else { return [] }
      state.health.pendingPersonID = nil
      state.health.byPerson[personID] = report
      return []
    }
  }

  /// A fix changed someone's account (`DerivedEvent.directoryWritten`, `FixState.lastWritten`):
  /// what was read of it is stale (enabled, sessions, a pass), so it is forgotten, and read again
  /// at once when the section shows them.
  static func directoryWritten(_ state: inout AppState) -> [Effect] {
    guard let personID = state.fix.lastWritten?.id else { return [] }
    state.health.byPerson[personID] = nil
    guard state.health.shownFor == personID, state.mayAskHealth else { return [] }
    state.health.requestID += 1
    state.health.pendingPersonID = personID
    return [
      .cancel(id: .health),
      .loadHealth(personID: personID, scopes: state.account?.grantedScopes ?? [], requestID: state.health.requestID),
    ]
  }
}
