/// A kind the field's query is asked of page by page, from Graph's `$search` or the local index:
/// people and groups. `SearchReducer` runs one lifecycle for every such kind (below): the index
/// answers in the key's own frame, or the kind's last answer is narrowed while a debounce runs
/// and then Graph is asked; the list nearing its end asks for the next page (Graph's cursor, or a
/// longer index answer); an index answer holding one row more than listed means "more". A
/// conformance names only where its rows live and which effects ask for them.
protocol PagedKind {
  associatedtype Item: Equatable & Sendable
  /// The kind of row it lists.
  static var kind: ObjectKind { get }
  /// The debounce, first page and further page jobs a newer query cancels.
  static var jobs: PagedJobs { get }
  /// Whether a further page is on the wire.
  static var isLoadingMore: WritableKeyPath<AppState, Bool> { get }
  /// The rows listed, and the normalised query they answer (nil when none).
  static func listed(_ state: AppState) -> (rows: [Item], query: String?)
  /// Graph's cursor to the next page of the listed answer; nil on the last or for an index answer.
  static func next(_ state: AppState) -> PageCursor?
  /// The index holds more matches than listed.
  static func moreInIndex(_ state: AppState) -> Bool
  /// Asks the index for up to `limit` rows for the field's query (`first`: the key's own query,
  /// not a longer page of it).
  static func askIndex(_ state: AppState, limit: Int, first: Bool) -> Effect
  /// Asks Graph for the first page for the field's query.
  static func askGraph(_ state: AppState) -> Effect
  /// Asks Graph for the page at `cursor`.
  static func askPage(_ cursor: PageCursor, requestID: Int) -> Effect
  /// The row's directory id (a further page lists a row once).
  static func id(of item: Item) -> String
}

/// The jobs a kind's search runs under.
struct PagedJobs {
  var debounce: CancelID
  var request: CancelID
  var page: CancelID
}

/// The lifecycle every paged kind shares.
enum PagedSearch {
  /// How many more matches scrolling near the end of an index answer lists.
  static let indexPage = 500

  /// How many matches a key's own index query lists at least (four screens, `pageSize` being two,
  /// when that is more): five screens at 80×24, more than anyone scrolls before typing another
  /// letter. Decoding the rows is most of a query's time, and a key's frame waits for it (issue
  /// 32: 501 rows took p50 8 ms, p99 12–19 ms at 200,000 people in a debug build; 101 rows p50
  /// 2.2 ms, p99 2.3–3.0 ms); scrolling asks for `indexPage` more.
  static let firstIndexPage = 100

  /// Cancels what a kind has pending for an older query.
  static func cancelJobs<K: PagedKind>(_ kind: K.Type) -> [Effect] {
    [.cancel(id: K.jobs.debounce), .cancel(id: K.jobs.request), .cancel(id: K.jobs.page)]
  }

  /// The pause before `kind` asks Graph for the field's query.
  static func debounce<K: PagedKind>(_ kind: K.Type, _ state: AppState) -> Effect {
    .debounce(
      id: K.jobs.debounce, after: Tuning.debounce(state.settings),
      then: .search(.debounceElapsed(id: state.field.requestID, kind: K.kind)))
  }

  /// The debounce ran out: Graph's first page for the field's query, the older request and any
  /// page load cancelled.
  static func askGraph<K: PagedKind>(_ kind: K.Type, _ state: inout AppState) -> [Effect] {
    state[keyPath: K.isLoadingMore] = false
    return [.cancel(id: K.jobs.request), .cancel(id: K.jobs.page), K.askGraph(state)]
  }

  /// The key's own index query, asked in its frame: at least two pages or `firstIndexPage` rows,
  /// as many as are listed for this query when a sync refreshes it, and one more to tell "more".
  static func askIndex<K: PagedKind>(_ kind: K.Type, _ state: inout AppState) -> [Effect] {
    state[keyPath: K.isLoadingMore] = false
    let listed = K.listed(state)
    let shown = listed.query == state.field.normalizedQuery ? listed.rows.count : 0
    let limit = max(state.field.pageSize * 2, firstIndexPage, shown)
    return cancelJobs(kind) + [K.askIndex(state, limit: limit + 1, first: true)]
  }

  /// The list neared its end: `kind`'s next page, from Graph's cursor or a longer index answer
  /// (asking the index again from the start keeps the order and costs a few ms more per 500 rows).
  static func more<K: PagedKind>(_ kind: K.Type, _ state: inout AppState) -> [Effect] {
    let listed = K.listed(state)
    guard !state[keyPath: K.isLoadingMore], listed.query == state.field.normalizedQuery else { return [] }
    if let cursor = K.next(state) {
      state[keyPath: K.isLoadingMore] = true
      return [K.askPage(cursor, requestID: state.field.requestID)]
    }
    guard K.moreInIndex(state) else { return [] }
    return [K.askIndex(state, limit: listed.rows.count + indexPage + 1, first: false)]
  }

  /// An index answer of up to `asked` rows: a full one lists one fewer and says "more".
  static func indexAnswer<Item>(_ rows: [Item], asked: Int) -> (rows: [Item], more: Bool) {
    let more = rows.count >= asked
    return (more ? Array(rows.prefix(asked - 1)) : rows, more)
  }

  /// A further page's rows not listed yet: rows a person has passed never move or repeat.
  static func unlisted<K: PagedKind>(_ kind: K.Type, _ page: [K.Item], after rows: [K.Item]) -> [K.Item] {
    let known = Set(rows.map(K.id(of:)))
    return page.filter { !known.contains(K.id(of: $0)) }
  }
}
