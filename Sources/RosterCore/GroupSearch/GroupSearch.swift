import Foundation
import SearchRules

/// Groups, as the one search asks for them (`SearchReducer` reduces their events): the same
/// debounce, staleness rule, local narrowing and paging as people (`PagedSearch`), started for
/// every change of the field's query. Answers carry the search's request id; one for another query
/// is dropped, so the list never shows groups for a query other than the one in the field unless
/// they are narrowed and marked. Without `GroupMember.Read.All` the signed-in person's own groups
/// answer instead ("my groups").
enum GroupSearch: PagedKind {
  static let kind = ObjectKind.group
  static var jobs: PagedJobs { PagedJobs(debounce: .groupSearchDebounce, request: .groupSearch, page: .groupNextPage) }
  static var isLoadingMore: WritableKeyPath<AppState, Bool> { \.groups.isLoadingMore }

  static func listed(_ state: AppState) -> (rows: [Group], query: String?) {
    (state.groups.results, state.groups.resultsQuery)
  }

  static func next(_ state: AppState) -> PageCursor? { state.groups.next }

  static func moreInIndex(_ state: AppState) -> Bool { state.groups.moreInIndex }

  static func askIndex(_ state: AppState, limit: Int, first: Bool) -> Effect {
    .searchIndex(
      .groups(GroupQuery(text: state.field.query.string, pageSize: limit)), requestID: state.field.requestID)
  }

  static func askGraph(_ state: AppState) -> Effect {
    .searchGraph(
      .groups(GroupQuery(text: state.field.query.string, pageSize: state.field.pageSize)),
      requestID: state.field.requestID)
  }

  static func askPage(_ cursor: PageCursor, requestID: Int) -> Effect {
    .fetchPage(.group, cursor, requestID: requestID)
  }

  static func id(of group: Group) -> String { group.id }

  /// Graph's first page of groups for query change `id`.
  static func answered(_ state: inout AppState, id: Int, _ result: Result<GroupPage, DirectoryError>) -> [Effect] {
    guard id == state.field.requestID else { return [] }
    switch result {
    case .success(let page):
      state.groups.onlyMine = nil
      state.groups.next = page.next
      state.groups.totalCount = page.totalCount
      state.groups.moreInIndex = false
      return show(&state, ordered(state, page.groups), fromIndex: page.fromIndex)
    case .failure(let error):
      return failed(&state, error, id: id)
    }
  }

  /// A further page of groups for query change `id`.
  static func pageAnswered(_ state: inout AppState, id: Int, _ result: Result<GroupPage, DirectoryError>) -> [Effect] {
    guard id == state.field.requestID, state.groups.isLoadingMore else { return [] }
    state.groups.isLoadingMore = false
    switch result {
    case .success(let page):
      state.groups.next = page.next
      // Rows already listed stay where they are; the page's own come after, in the list's order.
      let rows = state.groups.results
      let added = ordered(state, PagedSearch.unlisted(Self.self, page.groups, after: rows))
      return show(&state, rows + added, fromIndex: false)
    case .failure(let error):
      return failed(&state, error, id: id)
    }
  }

  /// The index's groups for query change `id`, in the key's own frame.
  static func indexAnswered(_ state: inout AppState, id: Int, _ groups: [Group], asked: Int) -> [Effect] {
    guard id == state.field.requestID, !state.field.normalizedQuery.isEmpty else { return [] }
    let page = PagedSearch.indexAnswer(groups, asked: asked)
    state.groups.next = nil
    state.groups.totalCount = nil
    state.groups.moreInIndex = page.more
    return show(&state, ordered(state, page.rows), fromIndex: true)
  }

  /// The signed-in person's own groups arrived.
  static func mineAnswered(_ state: inout AppState, id: Int, _ result: Result<GroupPage, DirectoryError>) -> [Effect] {
    state.groups.myGroupsLoading = false
    switch result {
    case .success(let page):
      state.groups.myGroups = page.groups
      // The same list answers every query: the field's, whichever key asked for it.
      let showing = state.groups.onlyMine != nil && !state.field.normalizedQuery.isEmpty
      guard showing, state.list.kind.shows(.group), state.screen == .main else { return [] }
      return showMine(&state)
    case .failure(.offline) where state.index.attached && state.groups.myGroupsFromIndexAsked == false:
      // Graph cannot be reached: the index knows the signed-in person's groups too.
      state.groups.myGroupsFromIndexAsked = true
      return loadMine(&state, id: id, from: .index)
    case .failure(let error):
      guard id == state.field.requestID else { return [] }
      return failed(&state, error, id: nil)
    }
  }

  /// Ctrl-G changed the kinds listed: groups now shown are searched for when what is kept is
  /// not the answer for the field's query.
  static func kindSwitched(_ state: inout AppState) -> [Effect] {
    guard state.groups.isEnabled else { return [] }
    let stale = state.groups.resultsQuery != state.field.normalizedQuery || state.groups.status == .idle
    return state.list.kind.shows(.group) && stale ? start(&state) : []
  }

  /// The field's query changed (typed, retried, re-sent after signing in): the group search
  /// starts for the new query.
  static func queryChanged(_ state: inout AppState) -> [Effect] {
    guard state.groups.isEnabled else { return [] }
    return start(&state)
  }

  /// A sync brought the index up to date (`DerivedEvent.indexSynced`): groups listed from the
  /// index are asked of it again, so a group renamed or deleted by the sync shows so without a key.
  static func indexRefreshed(_ state: inout AppState) -> [Effect] {
    guard state.groups.isEnabled, state.screen == .main, !state.field.normalizedQuery.isEmpty,
      state.answersQuery(.group), state.groups.onlyMine == nil,
      state.index.isUsable(at: state.now), state.index.summary?.groups != nil
    else { return [] }
    return PagedSearch.askIndex(Self.self, &state)
  }

  // MARK: - Asking

  /// The group search for the field's query: in the key's own frame from a warm index, else after
  /// the debounce from Graph (the shown groups narrowed meanwhile), or from "my groups" when the
  /// token may not search all groups.
  private static func start(_ state: inout AppState) -> [Effect] {
    let query = state.field.normalizedQuery
    let id = state.field.requestID
    let cancels = PagedSearch.cancelJobs(Self.self)
    state.groups.isLoadingMore = false
    guard state.answersQuery(.group) else {
      state.groups.status = .idle
      state.groups.next = nil
      state.groups.totalCount = nil
      state.groups.moreInIndex = false
      return cancels + replace(&state, with: [], answering: nil)
    }
    if let need = state.account?.missingGroupPermission, need == .readGroups {
      state.groups.onlyMine = need
      guard state.groups.myGroups != nil else {
        state.groups.status = .searching
        return cancels + loadMine(&state, id: id, from: state.directorySource)
          + replace(&state, with: narrowed(state, to: query), answering: state.groups.resultsQuery)
      }
      return cancels + showMine(&state)
    }
    state.groups.status = .searching
    if state.index.isUsable(at: state.now), state.index.summary?.groups != nil {
      return PagedSearch.askIndex(Self.self, &state)
    }
    let shown = narrowed(state, to: query)
    return cancels + [PagedSearch.debounce(Self.self, state)]
      + replace(&state, with: shown, answering: shown.isEmpty ? nil : state.groups.resultsQuery)
  }

  // MARK: - Answers

  private static func failed(_ state: inout AppState, _ error: DirectoryError, id: Int?) -> [Effect] {
    switch error {
    case .cancelled, .signInRequired:
      // The people search, asked at the same time, takes the person back to sign in.
      return []
    case .permissionDenied where GroupPermissionNeed(error) == .readGroups:
      state.groups.onlyMine = .readGroups
      guard state.groups.myGroups != nil else {
        return loadMine(&state, id: id ?? state.field.requestID, from: state.directorySource)
      }
      return showMine(&state)
    case .offline(let message):
      state.groups.status = .offline(message: CleanText(message))
      return []
    default:
      state.groups.status = .failed(message: error.plainMessage)
      return []
    }
  }

  /// Asks for the signed-in person's own groups unless that read is already on the wire.
  private static func loadMine(_ state: inout AppState, id: Int, from source: DirectorySource) -> [Effect] {
    guard !state.groups.myGroupsLoading else { return [] }
    state.groups.myGroupsLoading = true
    return [.cancel(id: .myGroups), .loadMyGroups(requestID: id, source: source)]
  }

  /// The signed-in person's own groups that match the field's query ("my groups"): what a token
  /// without `GroupMember.Read.All` may list.
  private static func showMine(_ state: inout AppState) -> [Effect] {
    let matching = ordered(state, Narrowing(state.field.query.string).filter(state.groups.myGroups ?? []))
    state.groups.next = nil
    state.groups.totalCount = nil
    state.groups.moreInIndex = false
    return show(&state, matching, fromIndex: false)
  }

  /// `groups` in the list's order for the field's query (`GroupOrder`): Graph's own order puts a
  /// group found by its description alone wherever it likes.
  private static func ordered(_ state: AppState, _ groups: [Group]) -> [Group] {
    GroupOrder(state.field.query.string).sorted(groups)
  }

  /// Shows `groups` as the answer for the field's query.
  private static func show(_ state: inout AppState, _ groups: [Group], fromIndex: Bool) -> [Effect] {
    state.groups.status = .results
    state.groups.fromIndex = fromIndex
    return replace(&state, with: groups, answering: state.field.normalizedQuery)
  }

  /// Replaces the listed groups; the list's selection follows its one rule
  /// (`ListReducer.rowsReplaced`).
  private static func replace(_ state: inout AppState, with groups: [Group], answering query: String?) -> [Effect] {
    state.groups.results = groups
    state.groups.resultsQuery = query
    return ListReducer.rowsReplaced(&state)
  }

  /// The shown groups narrowed to `query` when it refines the query they answered (while the
  /// request for it is pending); otherwise none.
  private static func narrowed(_ state: AppState, to query: String) -> [Group] {
    guard let answered = state.groups.resultsQuery, !state.groups.results.isEmpty else { return [] }
    if answered == query { return state.groups.results }
    guard Narrowing.query(query, refines: answered) else { return [] }
    return Narrowing(state.field.query.string).filter(state.groups.results)
  }
}

extension Narrowing {
  /// `groups` whose name or description holds every word of the query.
  func filter(_ groups: [Group]) -> [Group] {
    groups.filter { matches($0.searchFields) }
  }
}
