import SearchRules

/// A kind searched page by page with nothing of its own beyond its rows and one pane load:
/// devices, apps, enterprise apps. Its conformance names its kind, its slice (`SearchedRows`),
/// its plural, its permission and the jobs it runs; the list, the search's lifecycle
/// (`PagedSearch`), the status line, sign-out and the pane (`ItemPaneReducer`) are written here
/// once for all of them. Groups and people keep their own models (my groups, close matches).
protocol SearchedKind: StoredRowsKind, PagedKind where Item: SearchableItem {
  /// Where its rows live in the state.
  static var slice: WritableKeyPath<AppState, SearchedRows<Item>> { get }
}

extension SearchedKind {
  static var item: any ListedItem.Type { Item.self }
  static var jobs: PagedJobs {
    PagedJobs(debounce: .kindDebounce(kind), request: .kindSearch(kind), page: .kindPage(kind))
  }
  static var isLoadingMore: WritableKeyPath<AppState, Bool> { slice.appending(path: \.isLoadingMore) }
  static var rows: KeyPath<AppState, [Item]> { slice.appending(path: \.results) }
  static func row(_ item: Item) -> ListRow { .item(AnyListedItem(item)) }

  static func isEnabled(_ state: AppState) -> Bool { state[keyPath: slice].isEnabled }
  static func enable(_ state: inout AppState) { state[keyPath: slice].isEnabled = true }
  static func rowsMatchQuery(_ state: AppState) -> Bool {
    AppState.answers(state[keyPath: slice].resultsQuery, state.field.normalizedQuery)
  }
  static func canLoadMore(_ state: AppState) -> Bool {
    let rows = state[keyPath: slice]
    return rowsMatchQuery(state) && !rows.isLoadingMore && (rows.next != nil || rows.moreInIndex)
  }
  static func isCurrent(_ id: Int, in state: AppState) -> Bool { id == state.field.requestID }

  static func status(_ state: AppState) -> KindListStatus {
    let rows = state[keyPath: slice]
    switch rows.status {
    case .idle: return .idle
    case .searching: return .searching(narrowed: rows.results.count)
    case .needsPermission(let permission): return .needsPermission(permission)
    case .offline: return .offline
    case .failed(let message): return .failed(message)
    case .results:
      return .results(
        listed: state.shownCount(of: kind), total: rows.totalCount ?? rows.results.count,
        more: rows.totalCount == nil && (rows.next != nil || rows.moreInIndex), loadingMore: rows.isLoadingMore,
        fromIndex: false)
    }
  }

  // MARK: PagedKind

  static func listed(_ state: AppState) -> (rows: [Item], query: String?) {
    (state[keyPath: slice].results, state[keyPath: slice].resultsQuery)
  }
  static func next(_ state: AppState) -> PageCursor? { state[keyPath: slice].next }
  static func moreInIndex(_ state: AppState) -> Bool { state[keyPath: slice].moreInIndex }
  static func askIndex(_ state: AppState, limit: Int, first: Bool) -> Effect {
    .searchIndex(
      KindQuery(kind, ItemQuery(text: state.field.query.string, pageSize: limit)), requestID: state.field.requestID)
  }
  static func askGraph(_ state: AppState) -> Effect {
    .searchGraph(
      KindQuery(kind, ItemQuery(text: state.field.query.string, pageSize: state.field.pageSize)),
      requestID: state.field.requestID)
  }
  static func askPage(_ cursor: PageCursor, requestID: Int) -> Effect { .fetchPage(kind, cursor, requestID: requestID) }
  static func id(of item: Item) -> String { item.id }

  // MARK: Session

  /// Another account may be in another tenant, or hold the permission the last lacked.
  static func accountChanged(_ state: inout AppState) { sessionCleared(&state) }
  static func sessionCleared(_ state: inout AppState) {
    state[keyPath: slice] = SearchedRows(isEnabled: state[keyPath: slice].isEnabled)
  }

  // MARK: Lifecycle

  static func queryChanged(_ state: inout AppState) -> [Effect] {
    guard isEnabled(state) else { return [] }
    return start(&state)
  }

  static func kindSwitched(_ state: inout AppState) -> [Effect] {
    let rows = state[keyPath: slice]
    guard rows.isEnabled, state.list.kind.shows(kind) else { return [] }
    return rows.resultsQuery != state.field.normalizedQuery || rows.status == .idle ? start(&state) : []
  }

  /// A sync brought the index up to date: rows read from it are read again, so a device renamed
  /// or deleted by the sync shows so without a key.
  static func indexRefreshed(_ state: inout AppState) -> [Effect] {
    guard isEnabled(state), state.screen == .main, !state.field.normalizedQuery.isEmpty, state.answersQuery(kind),
      indexAnswers(state)
    else { return [] }
    return PagedSearch.askIndex(Self.self, &state)
  }

  static func debounceElapsed(_ state: inout AppState) -> [Effect] { PagedSearch.askGraph(Self.self, &state) }
  static func more(_ state: inout AppState) -> [Effect] { PagedSearch.more(Self.self, &state) }

  static func answered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] {
    guard id == state.field.requestID else { return [] }
    if let error = answer.failure { return failed(&state, error) }
    guard let page = answer.value(as: Result<ItemPage<Item>, DirectoryError>.self).flatMap({ try? $0.get() }) else {
      return []
    }
    state[keyPath: slice].next = page.next
    state[keyPath: slice].totalCount = page.totalCount
    state[keyPath: slice].moreInIndex = false
    return show(&state, ordered(state, page.items), fromIndex: false)
  }

  static func pageAnswered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] {
    guard id == state.field.requestID, state[keyPath: slice].isLoadingMore else { return [] }
    state[keyPath: slice].isLoadingMore = false
    if let error = answer.failure { return failed(&state, error) }
    guard let page = answer.value(as: Result<ItemPage<Item>, DirectoryError>.self).flatMap({ try? $0.get() }) else {
      return []
    }
    state[keyPath: slice].next = page.next
    // Rows already listed stay where they are; the page's own come after, in the list's order.
    let rows = state[keyPath: slice].results
    return show(
      &state, rows + ordered(state, PagedSearch.unlisted(Self.self, page.items, after: rows)), fromIndex: false)
  }

  static func indexAnswered(_ state: inout AppState, id: Int, _ answer: IndexAnswer) -> [Effect] {
    guard id == state.field.requestID, !state.field.normalizedQuery.isEmpty,
      let found = answer.value(as: IndexRows<Item>.self)
    else { return [] }
    let page = PagedSearch.indexAnswer(found.rows, asked: found.asked)
    state[keyPath: slice].next = nil
    state[keyPath: slice].totalCount = nil
    state[keyPath: slice].moreInIndex = page.more
    return show(&state, ordered(state, page.rows), fromIndex: true)
  }

  // MARK: Pane

  static func selectionChanged(_ state: inout AppState) -> [Effect] {
    guard let row = state.selectedListRow, row.kind == kind else { return [] }
    return show(&state, row, walked: false)
  }
  static func open(_ state: inout AppState, _ subject: PaneSubject, returningTo: String?) -> [Effect] {
    show(&state, subject, walked: true)
  }

  /// Shows `subject` in an item pane at once and reads its detail (`walked`: opened along a walk,
  /// which keeps the trail; else the list's selection, which starts it afresh). Showing the row
  /// already shown asks nothing again.
  private static func show(_ state: inout AppState, _ subject: PaneSubject, walked: Bool) -> [Effect] {
    guard case .item(let item) = subject else { return [] }
    if case .item(let shown) = state.detail.pane, shown.item == item, walked || state.detail.trail.isEmpty {
      return []
    }
    state.detail.requestID += 1
    if !walked { state.detail.trail = [] }
    state.detail.selectionMoving = false
    state.detail.pane = .item(ItemPane(item))
    let request = PaneRequest(kind, id: item.base.id, source: state.directorySource)
    return [
      .cancel(id: .detailDebounce), .cancel(id: .selectionRest), .loadPane(request, requestID: state.detail.requestID),
    ]
  }

  // MARK: Helpers

  /// Whether the attached index keeps the kind (a sync filled its table), so it answers in the
  /// key's own frame.
  static func indexAnswers(_ state: AppState) -> Bool {
    state.index.isUsable(at: state.now) && state.index.summary?.kinds[kind]?.count != nil
  }

  /// The search for the field's query: in the key's own frame from an index that keeps the kind,
  /// else after the debounce from Graph (the shown rows narrowed meanwhile).
  private static func start(_ state: inout AppState) -> [Effect] {
    let query = state.field.normalizedQuery
    let cancels = PagedSearch.cancelJobs(Self.self)
    state[keyPath: slice].isLoadingMore = false
    guard state.answersQuery(kind) else {
      state[keyPath: slice].status = .idle
      state[keyPath: slice].next = nil
      state[keyPath: slice].totalCount = nil
      state[keyPath: slice].moreInIndex = false
      return cancels + replace(&state, with: [], answering: nil)
    }
    if case .needsPermission = state[keyPath: slice].status, !indexAnswers(state) { return cancels }
    state[keyPath: slice].status = .searching
    if indexAnswers(state) { return PagedSearch.askIndex(Self.self, &state) }
    let shown = narrowed(state, to: query)
    return cancels + [PagedSearch.debounce(Self.self, state)]
      + replace(&state, with: shown, answering: shown.isEmpty ? nil : state[keyPath: slice].resultsQuery)
  }

  private static func failed(_ state: inout AppState, _ error: DirectoryError) -> [Effect] {
    switch error {
    case .cancelled, .signInRequired:
      // The people search, asked at the same time, takes the person back to sign in.
      return []
    case .permissionDenied:
      state[keyPath: slice].status = .needsPermission(readPermission ?? plural)
      return replace(&state, with: [], answering: nil)
    case .offline(let message):
      state[keyPath: slice].status = .offline(CleanText(message))
      return []
    default:
      state[keyPath: slice].status = .failed(error.plainMessage)
      return []
    }
  }

  /// `items` in the list's order for the field's query: names that start with a typed word first,
  /// then by name (Graph's `$search` order is not a ranking).
  private static func ordered(_ state: AppState, _ items: [Item]) -> [Item] {
    let words = Narrowing.words(state.field.query.string)
    return items.enumerated().sorted { left, right in
      let leftLeads = words.first.map { TextFolding.caseFolded(left.element.sortName).hasPrefix($0) } ?? false
      let rightLeads = words.first.map { TextFolding.caseFolded(right.element.sortName).hasPrefix($0) } ?? false
      if leftLeads != rightLeads { return leftLeads }
      let order = TextFolding.caseFolded(left.element.sortName).compare(TextFolding.caseFolded(right.element.sortName))
      return order == .orderedSame ? left.offset < right.offset : order == .orderedAscending
    }.map(\.element)
  }

  private static func show(_ state: inout AppState, _ items: [Item], fromIndex: Bool) -> [Effect] {
    state[keyPath: slice].status = .results
    state[keyPath: slice].fromIndex = fromIndex
    return replace(&state, with: items, answering: state.field.normalizedQuery)
  }

  private static func replace(_ state: inout AppState, with items: [Item], answering query: String?) -> [Effect] {
    state[keyPath: slice].results = items
    state[keyPath: slice].resultsQuery = query
    return ListReducer.rowsReplaced(&state)
  }

  /// The shown rows narrowed to `query` when it refines the query they answered.
  private static func narrowed(_ state: AppState, to query: String) -> [Item] {
    let rows = state[keyPath: slice]
    guard let answered = rows.resultsQuery, !rows.results.isEmpty else { return [] }
    if answered == query { return rows.results }
    guard Narrowing.query(query, refines: answered) else { return [] }
    let narrowing = Narrowing(state.field.query.string)
    return rows.results.filter { narrowing.matches($0.searchFields) }
  }
}

extension AppState {
  /// Turns on every registered kind searched page by page (devices, apps) for the app.
  public mutating func enableSearchedKinds() {
    for kind in ObjectKind.allCases { kind.listed.enable(&self) }
  }
}
