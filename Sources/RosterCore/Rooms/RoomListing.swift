/// Rooms as a kind of the list (`ListedKind`): a catalog read whole and matched on every key
/// (`RoomSearch`), never paged; a room's pane needs no request, the list's answer holds it all.
enum RoomListing: StoredRowsKind {
  static let plural = "rooms"
  static let item: any ListedItem.Type = Room.self
  static let pages = false

  static let readPermission: String? = RoomClient.permission

  static func isEnabled(_ state: AppState) -> Bool { state.rooms.isEnabled }
  static var rows: KeyPath<AppState, [Room]> { \.rooms.results }
  static func row(_ room: Room) -> ListRow { .room(room) }
  static func rowsMatchQuery(_ state: AppState) -> Bool {
    AppState.answers(state.rooms.resultsQuery, state.field.normalizedQuery)
  }
  static func isCurrent(_ id: Int, in state: AppState) -> Bool { id == state.rooms.requestID }

  static func status(_ state: AppState) -> KindListStatus {
    switch state.rooms.catalog {
    case .unknown: return .idle
    case .loading: return .searching(narrowed: 0)
    case .needsPermission: return .needsPermission(RoomClient.permission)
    case .offline: return .offline
    case .failed(let message): return .failed(message)
    case .loaded(let catalog):
      return .results(
        listed: state.shownCount(of: .room), total: state.rooms.results.count, more: false, loadingMore: false,
        fromIndex: catalog.fromIndex)
    }
  }

  /// Another account may be in another tenant, or hold Place.Read.All where the last did not.
  static func accountChanged(_ state: inout AppState) { RoomSearch.forget(&state) }

  static func sessionCleared(_ state: inout AppState) {
    let requestID = state.rooms.requestID
    state.rooms = RoomSearchState(isEnabled: state.rooms.isEnabled)
    state.rooms.requestID = requestID + 1
  }

  static func queryChanged(_ state: inout AppState) -> [Effect] { RoomSearch.queryChanged(&state) }
  static func indexRefreshed(_ state: inout AppState) -> [Effect] { RoomSearch.indexRefreshed(&state) }
  static func answered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] {
    guard let result = answer.value(as: Result<RoomCatalog, DirectoryError>.self) else { return [] }
    return RoomSearch.answered(&state, id: id, result)
  }

  static func selectionChanged(_ state: inout AppState) -> [Effect] {
    guard let room = state.selectedRoom else { return [] }
    return show(&state, room)
  }
  static func open(_ state: inout AppState, _ subject: PaneSubject, returningTo: String?) -> [Effect] {
    guard let room = subject.room else { return [] }
    return show(&state, room)
  }

  /// A room needs no request: the list's answer holds every property the pane shows.
  static func show(_ state: inout AppState, _ room: Room) -> [Effect] {
    guard state.detail.pane != .room(room) || !state.detail.trail.isEmpty else { return [] }
    state.detail.requestID += 1
    state.detail.trail = []
    state.detail.selectionMoving = false
    state.detail.pane = .room(room)
    return [.cancel(id: .detailDebounce), .cancel(id: .detail), .cancel(id: .selectionRest)]
  }
}

extension Room: ListedItem {
  public static let objectKind = ObjectKind.room
}

extension KindPayload where Role == AnswerRole {
  /// The whole list of rooms (or why it could not be read).
  public static func rooms(_ result: Result<RoomCatalog, DirectoryError>) -> Self { Self(.room, result) }
}

extension AppState {
  /// The rooms the list shows, below the people: a name typed is a person's more often than a
  /// room's (rooms are often named after people: "Meitner Focus Room"), so Enter still opens the
  /// person typed; where no one matches, the rooms lead.
  public var shownRooms: [Room] { Array(rooms.results.prefix(shownCount(of: .room))) }
}
