/// The search engine's events.
public enum SearchAction: Equatable, Sendable {
  /// The field's text changed (the whole new text).
  case queryChanged(String)
  /// The pause after a keystroke ran out for query change `id`.
  case debounceElapsed(id: Int)
  /// The first page for request `id` arrived (or failed).
  case resultsLoaded(id: Int, Result<PeoplePage, DirectoryError>)
  /// A further page for request `id` arrived (or failed).
  case nextPageLoaded(id: Int, Result<PeoplePage, DirectoryError>)
  /// The client waits before retrying request `id` (throttled, service unavailable).
  case retryScheduled(id: Int, RetryNotice)
  /// Ctrl-R: ask again for the query in the field, bypassing the cache.
  case retryRequested
  /// The local index answered query change `id` (in the same frame as the key) with up to
  /// `asked` people; `asked` is one more than the list shows, so a full answer means "more".
  /// `close` are the index's close matches, when it found fewer exact ones than a screenful.
  case indexResultsLoaded(id: Int, [Person], asked: Int, close: CloseMatches? = nil)
}
