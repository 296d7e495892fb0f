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
}
