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

  /// Graph's first page of a kind's rows for query change `id` (or why it failed); rooms, which
  /// are read whole, answer read `id` with the whole list.
  case answered(id: Int, KindAnswer)
  /// A further page of a kind's rows for query change `id`.
  case pageAnswered(id: Int, KindAnswer)
  /// The local index answered query change `id` in the key's own frame.
  case indexAnswered(id: Int, IndexAnswer)
}
