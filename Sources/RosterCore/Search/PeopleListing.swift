/// People as a kind of the list (`ListedKind`): their rows are the search's results, listed
/// whole; their status has its own, richer line (`SearchStatus`); they open in the person's pane.
enum PeopleListing: StoredRowsKind {
  static let plural = "people"
  static let item: any ListedItem.Type = Person.self
  static let limitedBesideOthers = false
  /// Everyone's full profile; without it people are still listed, with the basic fields.
  static let readPermission: String? = "User.Read.All"

  static func isEnabled(_ state: AppState) -> Bool { true }
  static var rows: KeyPath<AppState, [Person]> { \.search.results }
  static func row(_ person: Person) -> ListRow { .person(person) }
  static func rowsMatchQuery(_ state: AppState) -> Bool { state.peopleMatchQuery }
  static func status(_ state: AppState) -> KindListStatus { .idle }
  static func canLoadMore(_ state: AppState) -> Bool { state.peopleCanLoadMore }
  static func isCurrent(_ id: Int, in state: AppState) -> Bool { id == state.field.requestID }

  static func indexRefreshed(_ state: inout AppState) -> [Effect] { PeopleSearch.indexRefreshed(&state) }
  static func debounceElapsed(_ state: inout AppState) -> [Effect] { PeopleSearch.sendRequest(&state) }
  static func retryScheduled(_ state: inout AppState, id: Int, _ notice: RetryNotice) -> [Effect] {
    PeopleSearch.retryScheduled(&state, id: id, notice)
  }
  static func answered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] {
    guard let result = answer.value(as: Result<PeoplePage, DirectoryError>.self) else { return [] }
    return PeopleSearch.resultsLoaded(&state, id: id, result)
  }
  static func pageAnswered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] {
    guard let result = answer.value(as: Result<PeoplePage, DirectoryError>.self) else { return [] }
    return PeopleSearch.nextPageLoaded(&state, id: id, result)
  }
  static func indexAnswered(_ state: inout AppState, id: Int, _ answer: IndexAnswer) -> [Effect] {
    guard let found = answer.value(as: IndexRows<Person>.self) else { return [] }
    return PeopleSearch.indexAnswered(&state, id: id, found.rows, asked: found.asked, close: found.close)
  }
  static func more(_ state: inout AppState) -> [Effect] { PagedSearch.more(PeopleSearch.self, &state) }

  static func selectionChanged(_ state: inout AppState) -> [Effect] { DetailReducer.selectionChanged(&state) }
  static func selectionNeededNow(_ state: inout AppState) -> [Effect] { DetailReducer.selectionNeededNow(&state) }
  static func open(_ state: inout AppState, _ subject: PaneSubject, returningTo: String?) -> [Effect] {
    guard let person = subject.person else { return [] }
    return DetailReducer.open(&state, person, returningTo: returningTo)
  }
}

extension Person: ListedItem {
  public static let objectKind = ObjectKind.person
}

extension KindPayload where Role == QueryRole {
  /// People asked for by name words and filters.
  public static func people(_ query: PeopleQuery) -> Self { Self(.person, query) }
}

extension KindPayload where Role == AnswerRole {
  /// Graph's page of people (or why it failed).
  public static func people(_ result: Result<PeoplePage, DirectoryError>) -> Self { Self(.person, result) }
}

extension KindPayload where Role == IndexAnswerRole {
  /// The index's people, with its close matches when it found fewer exact ones than a screenful.
  public static func people(_ people: [Person], asked: Int, close: CloseMatches? = nil) -> Self {
    Self(.person, IndexRows(people, asked: asked, close: close))
  }
}

extension AppState {
  /// The people the list shows, between the groups and the rooms.
  public var shownPeople: [Person] { list.kind.shows(.person) ? search.results : [] }
}
