/// The group search's events (the people search's are `SearchAction`; both follow one field).
public enum GroupSearchAction: Equatable, Sendable {
  /// The pause after a keystroke ran out for query change `id`: ask Graph for groups.
  case debounceElapsed(id: Int)
  /// Graph's first page of groups for query change `id` (or why it failed).
  case resultsLoaded(id: Int, Result<GroupPage, DirectoryError>)
  /// A further page for query change `id`.
  case nextPageLoaded(id: Int, Result<GroupPage, DirectoryError>)
  /// The local index answered query change `id` in the key's own frame with up to `asked`
  /// groups; `asked` is one more than the list shows, so a full answer means "more".
  case indexResultsLoaded(id: Int, [Group], asked: Int)
  /// The client waits before retrying the group search for query change `id` (throttled, the
  /// token endpoint in trouble); shown like the people search's wait while that one is pending.
  case retryScheduled(id: Int, RetryNotice)
  /// The signed-in person's own groups arrived (for a search without `GroupMember.Read.All`).
  case myGroupsLoaded(id: Int, Result<GroupPage, DirectoryError>)
}
