/// Groups as a kind of the list (`ListedKind`): searched page by page (`GroupSearch`), a few
/// listed beside the people, opened in the group's pane (`GroupPaneReducer`).
enum GroupListing: StoredRowsKind {
  static let plural = "groups"
  static let item: any ListedItem.Type = Group.self

  static let readPermission: String? = GroupPermissionNeed.readGroups.permission

  static func isEnabled(_ state: AppState) -> Bool { state.groups.isEnabled }
  static var rows: KeyPath<AppState, [Group]> { \.groups.results }
  static func row(_ group: Group) -> ListRow { .group(group) }
  static func rowsMatchQuery(_ state: AppState) -> Bool {
    AppState.answers(state.groups.resultsQuery, state.field.normalizedQuery)
  }
  static func canLoadMore(_ state: AppState) -> Bool {
    rowsMatchQuery(state) && !state.groups.isLoadingMore && (state.groups.next != nil || state.groups.moreInIndex)
  }
  static func isCurrent(_ id: Int, in state: AppState) -> Bool { id == state.field.requestID }

  static func status(_ state: AppState) -> KindListStatus {
    let groups = state.groups
    switch groups.status {
    case .idle: return .idle
    case .searching: return .searching(narrowed: groups.results.count)
    case .offline: return .offline
    case .failed(let message): return .failed(message)
    case .results:
      let total = groups.totalCount ?? groups.results.count
      if let need = groups.onlyMine { return .onlyYours(count: total, permission: need.permission) }
      return .results(
        listed: state.shownCount(of: .group), total: total,
        more: groups.totalCount == nil && (groups.next != nil || groups.moreInIndex),
        loadingMore: groups.isLoadingMore, fromIndex: false)
    }
  }

  /// Another sign-in may be another person: their own groups are asked again.
  static func accountChanged(_ state: inout AppState) {
    state.groups.myGroups = nil
    state.groups.myGroupsFromIndexAsked = false
    state.groups.myGroupsLoading = false
    state.groups.onlyMine = nil
  }

  static func sessionCleared(_ state: inout AppState) {
    state.groups = GroupSearchState(isEnabled: state.groups.isEnabled)
  }

  static func queryChanged(_ state: inout AppState) -> [Effect] { GroupSearch.queryChanged(&state) }
  static func kindSwitched(_ state: inout AppState) -> [Effect] { GroupSearch.kindSwitched(&state) }
  static func indexRefreshed(_ state: inout AppState) -> [Effect] { GroupSearch.indexRefreshed(&state) }
  static func debounceElapsed(_ state: inout AppState) -> [Effect] { PagedSearch.askGraph(GroupSearch.self, &state) }
  static func answered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] {
    if let mine = answer.value(as: MyGroupsAnswer.self) { return GroupSearch.mineAnswered(&state, id: id, mine.result) }
    guard let result = answer.value(as: Result<GroupPage, DirectoryError>.self) else { return [] }
    return GroupSearch.answered(&state, id: id, result)
  }
  static func pageAnswered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] {
    guard let result = answer.value(as: Result<GroupPage, DirectoryError>.self) else { return [] }
    return GroupSearch.pageAnswered(&state, id: id, result)
  }
  static func indexAnswered(_ state: inout AppState, id: Int, _ answer: IndexAnswer) -> [Effect] {
    guard let found = answer.value(as: IndexRows<Group>.self) else { return [] }
    return GroupSearch.indexAnswered(&state, id: id, found.rows, asked: found.asked)
  }
  static func more(_ state: inout AppState) -> [Effect] { PagedSearch.more(GroupSearch.self, &state) }

  static func selectionChanged(_ state: inout AppState) -> [Effect] { GroupPaneReducer.selectionChanged(&state) }
  static func selectionNeededNow(_ state: inout AppState) -> [Effect] { GroupPaneReducer.neededNow(&state) }
  static func open(_ state: inout AppState, _ subject: PaneSubject, returningTo: String?) -> [Effect] {
    guard let group = subject.group else { return [] }
    return GroupPaneReducer.open(&state, group, returningTo: returningTo)
  }
}

extension Group: ListedItem {
  public static let objectKind = ObjectKind.group
}

extension KindPayload where Role == QueryRole {
  /// Groups asked for by name words.
  public static func groups(_ query: GroupQuery) -> Self { Self(.group, query) }
}

extension KindPayload where Role == AnswerRole {
  /// Graph's page of groups (or why it failed).
  public static func groups(_ result: Result<GroupPage, DirectoryError>) -> Self { Self(.group, result) }

  /// The signed-in person's own groups (for a search without `GroupMember.Read.All`).
  public static func myGroups(_ result: Result<GroupPage, DirectoryError>) -> Self {
    Self(.group, MyGroupsAnswer(result: result))
  }
}

/// The signed-in person's own groups, as an answer of the group kind: listed in place of a search
/// the token may not make.
public struct MyGroupsAnswer: Equatable, Sendable, DirectoryOutcome {
  public var result: Result<GroupPage, DirectoryError>
  var directoryFailure: DirectoryError? { result.directoryFailure }
}

extension KindPayload where Role == IndexAnswerRole {
  /// The index's groups.
  public static func groups(_ groups: [Group], asked: Int) -> Self { Self(.group, IndexRows(groups, asked: asked)) }
}

extension AppState {
  /// The groups the list shows, in order, above the people.
  public var shownGroups: [Group] { Array(groups.results.prefix(shownCount(of: .group))) }
}
