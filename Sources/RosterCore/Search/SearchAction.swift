/// The search's events, for every kind the field's query is asked of (`SearchReducer` reduces them
/// all). Timers and waits name their kind; answers carry the kind's own page.
public enum SearchAction: Equatable, Sendable {
  /// The field's text changed (the whole new text).
  case queryChanged(String)
  /// Ctrl-R: ask again for the query in the field, bypassing the cache.
  case retryRequested
  /// The pause after a keystroke ran out for query change `id`: `kind` asks Graph.
  case debounceElapsed(id: Int, kind: ObjectKind = .person)
  /// The client waits before retrying `kind`'s request for query change `id` (throttled, service
  /// unavailable, the token endpoint in trouble); the status line counts it down.
  case retryScheduled(id: Int, RetryNotice, kind: ObjectKind = .person)

  /// People: the first page for request `id` arrived (or failed).
  case resultsLoaded(id: Int, Result<PeoplePage, DirectoryError>)
  /// People: a further page for request `id` arrived (or failed).
  case nextPageLoaded(id: Int, Result<PeoplePage, DirectoryError>)
  /// People: the local index answered query change `id` (in the same frame as the key) with up to
  /// `asked` people; `asked` is one more than the list shows, so a full answer means "more".
  /// `close` are the index's close matches, when it found fewer exact ones than a screenful.
  case indexResultsLoaded(id: Int, [Person], asked: Int, close: CloseMatches? = nil)

  /// Groups: Graph's first page for query change `id` (or why it failed).
  case groupsLoaded(id: Int, Result<GroupPage, DirectoryError>)
  /// Groups: a further page for query change `id`.
  case moreGroupsLoaded(id: Int, Result<GroupPage, DirectoryError>)
  /// Groups: the local index answered query change `id` in the key's own frame with up to `asked`
  /// groups (one more than the list shows, as for people).
  case indexGroupsLoaded(id: Int, [Group], asked: Int)
  /// Groups: the signed-in person's own groups arrived (for a search without
  /// `GroupMember.Read.All`).
  case myGroupsLoaded(id: Int, Result<GroupPage, DirectoryError>)

  /// Rooms: the whole list arrived for read `id` (or why it could not be read).
  case roomsLoaded(id: Int, Result<RoomCatalog, DirectoryError>)
}
