/// Whether Microsoft Graph answers, learnt from every call rather than only from the index's
/// sync (issue 40: with Graph gone, the status line said "index, synced just now" for minutes
/// while the pane said Graph could not be reached). The first transport failure (unreachable,
/// reset, timed out: `DirectoryError.offline`) of any current read marks the session offline
/// (`IndexState.offline`, with or without an index); the next answer from Graph clears it
/// (`IndexReducer.graphAnswered`). Both arrive as `DerivedEvent`s.
enum GraphReachability {
  /// A current read failed for want of Graph: the session is marked offline, and, with the index
  /// attached, its sync comes forward as the probe that notices Graph back.
  static func graphUnreachable(_ state: inout AppState) -> [Effect] {
    guard state.account != nil, !state.index.offline else { return [] }
    state.index.offline = true
    if state.index.isSyncing { state.index.unreachableDuringSync = true }
    // Presence comes from Graph too: what is held is old from this moment, whichever read
    // failed first; it comes back with the next answer (`IndexReducer`, asked again at once).
    if state.showsPresence { state.presence.unreachable = true }
    guard state.index.attached, !state.index.isSyncing else { return [] }
    return [.debounce(id: .indexTimer, after: Tuning.offlineRetryInterval, then: .index(.syncDue))]
  }
}

/// What an answer says about Microsoft Graph.
enum GraphContact: Equatable {
  /// Graph answered (a search, a profile, presence).
  case answered
  /// The read never reached Graph.
  case unreachable
}

extension AppAction {
  /// What this action, when it is an answer from Graph, says about reaching it: the one place
  /// that knows which answers come from Graph (the derived events read it; no reducer matches
  /// another feature's answers).
  func graphContact(currentIn state: AppState) -> GraphContact? {
    switch self {
    case .search(.answered(_, let answer)) where answer.kind == .person && answer.failure == nil:
      return .answered
    case .detail(.loaded(_, .success)), .presence(.loaded(_, .success)):
      return .answered
    default:
      return failedToReachGraph(currentIn: state) ? .unreachable : nil
    }
  }

  /// Whether this is the answer of the current Graph read of its kind, and it never reached
  /// Graph. A late answer for a query or person no longer shown changes nothing, as everywhere
  /// (`DebounceAndStalenessTests`).
  private func failedToReachGraph(currentIn state: AppState) -> Bool {
    switch self {
    case .search(.answered(let id, let answer)), .search(.pageAnswered(let id, let answer)):
      guard case .offline? = answer.failure else { return false }
      return answer.kind.listed.isCurrent(id, in: state)
    case .detail(.loaded(let id, let result)): return id == state.detail.requestID && result.failedToReachGraph
    case .presence(.loaded(let id, let result)): return id == state.presence.requestID && result.failedToReachGraph
    case .photo(.loaded(let id, let result)): return id == state.photo.requestID && result.failedToReachGraph
    case .groupPane(.loaded(let id, let result)): return id == state.detail.requestID && result.failedToReachGraph
    case .groupPane(.membersLoaded(let id, let result)), .groupPane(.moreMembersLoaded(let id, let result)):
      return id == state.detail.pane.groupPane?.membersRequest && result.failedToReachGraph
    default: return false
    }
  }
}

extension Result where Failure == DirectoryError {
  fileprivate var failedToReachGraph: Bool {
    if case .failure(.offline) = self { return true }
    return false
  }
}
