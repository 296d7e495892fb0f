import Foundation

/// Presence for the people on screen: asked once they have been there `Tuning.presenceSettle`
/// (never per keystroke: a newer list or person replaces the pending ask), then every
/// `Tuning.presenceRefresh` while the main screen shows them. One batched call per ask.
enum PresenceReducer {
  /// At most this many ids per ask: the rows around the selection and the pane's people.
  static let maxIDs = 150

  static func reduce(_ state: inout AppState, _ action: PresenceAction) -> [Effect] {
    switch action {
    case .refreshDue:
      guard state.showsPresence, state.screen == .main else { return [] }
      let ids = visibleIDs(state)
      guard !ids.isEmpty else { return [] }
      state.presence.requestID += 1
      return [.fetchPresence(ids: ids, requestID: state.presence.requestID)]
    case .loaded(let id, let result):
      guard id == state.presence.requestID else { return [] }
      switch result {
      case .success(let found):
        state.presence.byID.merge(found) { _, new in new }
        state.presence.unreachable = false
        return [refresh(after: Tuning.presenceRefresh)]
      case .failure(.offline):
        // Said at once, and asked again as soon as the index's probe would: presence is the
        // first thing to go stale, and with no index it is the probe that notices Graph back.
        state.presence.unreachable = true
        return [refresh(after: Tuning.offlineRetryInterval)]
      case .failure(.permissionDenied):
        state.presence.refusal = "not shown: Graph refused it (Presence.Read.All)"
        state.presence.byID = [:]
        return []
      case .failure(.cancelled), .failure(.signInRequired):
        return []
      case .failure:
        return [refresh(after: Tuning.presenceRefresh)]
      }
    }
  }

  /// The people listed changed (`reduce` tells it, whatever answered): they settle first.
  static func peopleChanged(_ state: inout AppState) -> [Effect] {
    guard state.showsPresence, !state.search.results.isEmpty else { return [] }
    return settle(state)
  }

  /// The pane's person's profile arrived: their managers and reports are on screen now.
  static func paneLoaded(_ state: inout AppState) -> [Effect] { settle(state) }

  /// Asks once the people now on screen have stayed `Tuning.presenceSettle`.
  /// Graph answered again, or a sync reached it (`DerivedEvent.graphAnswered`, `.indexSynced`):
  /// presence marked unavailable is asked for at once rather than at its next minute.
  static func graphBack(_ state: inout AppState) -> [Effect] {
    state.presence.unreachable ? settle(state) : []
  }

  static func settle(_ state: AppState) -> [Effect] {
    state.showsPresence ? [refresh(after: Tuning.presenceSettle)] : []
  }

  private static func refresh(after delay: Duration) -> Effect {
    .debounce(id: .presenceRefresh, after: delay, then: .presence(.refreshDue))
  }

  /// The list rows around the selection (a screen above and below covers whatever is visible)
  /// and the pane's person, managers and reports.
  static func visibleIDs(_ state: AppState) -> [String] {
    var ids: [String] = []
    var seen: Set<String> = []
    func add(_ person: Person?) {
      guard let person, ids.count < maxIDs, seen.insert(person.id).inserted else { return }
      ids.append(person.id)
    }
    if case .loaded(let detail) = state.detail.status {
      add(detail.person)
      detail.managerChain.forEach { add($0) }
      detail.directReports.prefix(40).forEach { add($0) }
    }
    let results = state.search.results
    if !results.isEmpty {
      let rows = max(10, state.field.pageSize / 2)  // pages hold about two screens of rows
      let selectedID = state.list.selected?.kind == .person ? state.list.selected?.id : nil
      let selected = selectedID.flatMap { id in results.firstIndex { $0.id == id } } ?? 0
      let window = max(0, selected - rows)..<min(results.count, selected + rows + 1)
      results[window].forEach { add($0) }
    }
    return ids
  }
}
