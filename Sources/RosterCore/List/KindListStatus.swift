/// What one kind's block of the list is doing, in one vocabulary for every kind beside people:
/// the status line says each kind's part from this (`AppState.listStatus(of:)`), so a new kind
/// describes its state here instead of writing its own status text.
public enum KindListStatus: Equatable, Sendable {
  /// Not asked (the kind is off, or the field is empty): nothing to say.
  case idle
  /// Asking; `narrowed` rows of the last answer are shown meanwhile (0: none).
  case searching(narrowed: Int)
  /// The answer: `listed` of `total` rows shown, `more` when the source has rows past `total`.
  /// `fromIndex` is said only where it differs from the people's source (rooms' catalog).
  case results(listed: Int, total: Int, more: Bool, loadingMore: Bool, fromIndex: Bool)
  /// Only the signed-in person's own rows could be read: `count` of them, and what the rest need.
  case onlyYours(count: Int, permission: String)
  case offline
  case failed(CleanText)
  /// The token may not read this kind at all: the permission it needs.
  case needsPermission(String)
}

extension AppState {
  /// The state of `kind`'s block, for the status line (people have their own, richer line).
  public func listStatus(of kind: ObjectKind) -> KindListStatus {
    switch kind {
    case .person: return .idle
    case .group: return groupListStatus
    case .room: return roomListStatus
    }
  }

  private var groupListStatus: KindListStatus {
    guard groups.isEnabled else { return .idle }
    switch groups.status {
    case .idle: return .idle
    case .searching: return .searching(narrowed: groups.results.count)
    case .offline: return .offline
    case .failed(let message): return .failed(message)
    case .results:
      let total = groups.totalCount ?? groups.results.count
      if let need = groups.onlyMine { return .onlyYours(count: total, permission: need.permission) }
      return .results(
        listed: shownGroups.count, total: total,
        more: groups.totalCount == nil && (groups.next != nil || groups.moreInIndex),
        loadingMore: groups.isLoadingMore, fromIndex: false)
    }
  }

  private var roomListStatus: KindListStatus {
    guard rooms.isEnabled else { return .idle }
    switch rooms.catalog {
    case .unknown: return .idle
    case .loading: return .searching(narrowed: 0)
    case .needsPermission: return .needsPermission(RoomClient.permission)
    case .offline: return .offline
    case .failed(let message): return .failed(message)
    case .loaded(let catalog):
      return .results(
        listed: shownRooms.count, total: rooms.results.count, more: false, loadingMore: false,
        fromIndex: catalog.fromIndex)
    }
  }
}
