import Foundation

/// A damaged, deleted or replaced index file (issue 28 item 2): before, a truncated file made
/// every search say "No one matches" and a deleted one was searched and synced for the rest of
/// the run. Now the first search or sync that finds it stops the index answering at once, asks
/// Graph for the query in the field (in the same frame), says so in the status line, and opens
/// the index again, which sets the bad file aside and starts a full sync into a new one.
extension IndexReducer {
  /// How long after a damage the index is opened again.
  static let reopenAfterDamage: Duration = .seconds(1)

  static func damaged(_ state: inout AppState, _ message: String) -> [Effect] {
    guard state.index.attached, state.account != nil else { return [] }
    state.index = IndexState()
    state.showBanner(CleanText(message), kind: .error)
    // Opened again a moment later (`.syncDue` opens an index that is not attached): the Graph
    // search sent now uses the token first, so a file deleted by `roster logout` in another
    // terminal ends the session before a new, empty index is made for the account.
    var effects: [Effect] = [
      .cancel(id: .indexSync), .debounce(id: .indexTimer, after: reopenAfterDamage, then: .index(.syncDue)),
    ]
    if state.screen == .main, !state.field.normalizedQuery.isEmpty {
      // A new request id: the group search follows it to Graph too (`DerivedEvent.queryChanged`).
      state.field.requestID += 1
      state.search.status = state.search.results.isEmpty ? .searching : .refining
      effects += PeopleSearch.sendRequest(&state)
    }
    return effects
  }
}

extension IndexReducer {
  /// Graph answered (`DerivedEvent.graphAnswered`): while the session is marked offline, that
  /// proves it reachable again, so the mark goes at once and a sync catches up, instead of waiting
  /// for the next timer or Ctrl-R (issue 28 item 3).
  static func graphAnswered(_ state: inout AppState) -> [Effect] {
    guard state.index.offline else { return [] }
    let back = backOnline(&state)
    return state.index.attached ? back + [.cancel(id: .indexTimer)] + startSync(&state) : back
  }

  /// Graph answered again: the offline mark goes (presence marked unavailable follows the same
  /// events: `PresenceReducer.graphBack`).
  static func backOnline(_ state: inout AppState) -> [Effect] {
    guard state.index.offline else { return [] }
    state.index.offline = false
    return []
  }
}
