import Foundation

/// Rooms, as the one search asks for them (`SearchReducer` reduces their events): a catalog, not
/// pages. Every query change filters the whole list (`RoomFilter`), read once a session. The
/// list's selection and the pane follow through `ListReducer.rowsReplaced`, as for every kind.
enum RoomSearch {
  /// The whole list arrived for read `id` (or why it could not be read).
  static func answered(_ state: inout AppState, id: Int, _ result: Result<RoomCatalog, DirectoryError>) -> [Effect] {
    guard id == state.rooms.requestID, case .loading(let source) = state.rooms.catalog else { return [] }
    switch result {
    case .success(let catalog):
      state.rooms.catalog = .loaded(catalog)
      return queryChanged(&state)
    case .failure(.cancelled):
      state.rooms.catalog = .unknown
      return []
    case .failure(.permissionDenied(let message)):
      state.rooms.catalog = .needsPermission(CleanText(message))
    case .failure(.offline) where source == .graph && state.index.attached:
      // Graph cannot be reached: the index holds the rooms as of its last refresh.
      return read(&state, from: .index)
    case .failure(.offline(let message)):
      state.rooms.catalog = .offline(CleanText(message))
    case .failure(.signInRequired):
      // The people search, asked at the same time, takes the person back to sign in.
      state.rooms.catalog = .unknown
      return []
    case .failure(let error):
      state.rooms.catalog = .failed(error.plainMessage)
    }
    // Tried again at the next key, not at once: matching the query here would read again at
    // once, and again, for as long as Graph and the index cannot answer.
    return replace(&state, with: [], answering: nil)
  }

  /// The rooms for the field's query: matched now when the whole list is known, else once it
  /// arrives (asked for here, once).
  static func queryChanged(_ state: inout AppState) -> [Effect] {
    let query = state.field.normalizedQuery
    guard state.rooms.isEnabled, state.answersQuery(.room) else {
      return replace(&state, with: [], answering: nil)
    }
    switch state.rooms.catalog {
    case .loaded(let catalog):
      return replace(&state, with: RoomFilter(text: state.field.query.string).apply(catalog.rooms), answering: query)
    case .unknown, .offline, .failed:
      // Typing again tries again, as for people (the list said "Type to try again").
      // Graph while it answers (one paged read a session, fresher than the index's daily
      // refresh); the index while the last sync found Graph unreachable, as for groups.
      return read(&state, from: state.directorySource) + replace(&state, with: [], answering: nil)
    case .loading, .needsPermission:
      return replace(&state, with: [], answering: nil)
    }
  }

  /// A sync brought the index up to date (`DerivedEvent.indexSynced`), which proves Graph
  /// reachable: rooms read from the index while Graph was away are read again, from Graph, now.
  static func indexRefreshed(_ state: inout AppState) -> [Effect] {
    guard case .loaded(let catalog) = state.rooms.catalog, catalog.fromIndex else { return [] }
    forget(&state)
    guard state.screen == .main, !state.field.normalizedQuery.isEmpty else { return [] }
    return queryChanged(&state)
  }

  /// Reads the whole list again (after a sync refreshed the index, or a sign-in).
  static func forget(_ state: inout AppState) {
    if case .loading = state.rooms.catalog { state.rooms.requestID += 1 }
    state.rooms.catalog = .unknown
  }

  private static func read(_ state: inout AppState, from source: DirectorySource) -> [Effect] {
    state.rooms.requestID += 1
    state.rooms.catalog = .loading(source)
    return [.cancel(id: .rooms), .loadRooms(requestID: state.rooms.requestID, source: source)]
  }

  private static func replace(_ state: inout AppState, with rooms: [Room], answering query: String?) -> [Effect] {
    guard rooms != state.rooms.results || query != state.rooms.resultsQuery else { return [] }
    state.rooms.results = rooms
    state.rooms.resultsQuery = query
    return ListReducer.rowsReplaced(&state)
  }
}
