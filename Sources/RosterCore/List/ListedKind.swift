/// One kind's slice of the one list, registered by value (`ObjectKind.listed`): its rows, whether
/// they answer the field's query, its status in one vocabulary, its paging, its answers and where
/// its rows open in the pane. The list's order, Ctrl-G, paging, the status line, the search's
/// reducer, the derived events and the pane's routing iterate the registered kinds through this
/// instead of switching over them, so a new kind is a conformance in its own folder and one line
/// in the registry.
///
/// Every requirement that a kind may not need has a default below (rooms do not page; people
/// answer the field themselves); the shared parts (the list's positions, the limit beside other
/// kinds) are written once in `AppState+ListRows`.
protocol ListedKind {
  /// "people", "groups", "rooms": Ctrl-G's label and the status line say it.
  static var plural: String { get }
  /// One of it, as a count says it ("1 enterprise app"); nil: the case's name ("1 device").
  static var singular: String? { get }
  /// The model its rows hold (`Person`, `Group`, `Room`): the terminal UI finds the kind's
  /// presentation through it, without a switch of its own.
  static var item: any ListedItem.Type { get }
  /// Whether the kind's answers come a page at a time (rooms are read whole).
  static var pages: Bool { get }
  /// Whether only its few best rows are listed beside other kinds (people are listed whole).
  static var limitedBesideOthers: Bool { get }

  /// Whether this sign-in lists the kind at all (people always).
  static func isEnabled(_ state: AppState) -> Bool
  /// How many rows its answer holds, before the list's limit beside other kinds.
  static func answerCount(_ state: AppState) -> Int
  /// Its answer's row at `index` (within `answerCount`).
  static func row(at index: Int, in state: AppState) -> ListRow
  /// The position of the row with directory id `id` in its answer.
  static func index(of id: String, in state: AppState) -> Int?
  /// Whether its rows answer the field's query now (else they are dimmed).
  static func rowsMatchQuery(_ state: AppState) -> Bool
  /// What its block is doing, for the status line.
  static func status(_ state: AppState) -> KindListStatus
  /// Whether the end of the list can ask for another page of it.
  static func canLoadMore(_ state: AppState) -> Bool
  /// Whether an answer for request `id` is the current read of this kind (a late one changes nothing).
  static func isCurrent(_ id: Int, in state: AppState) -> Bool

  /// The permission that lets a sign-in list the kind (the demo grants each kind's).
  static var readPermission: String? { get }
  /// Another account signed in: what the kind read for the last one is forgotten.
  static func accountChanged(_ state: inout AppState)
  /// The session ended (signed out, another account): the kind's slice starts again, its request
  /// ids stepping on, never back (`SessionReset`).
  static func sessionCleared(_ state: inout AppState)
  /// The field's query changed and people have answered it: the kind answers it too.
  static func queryChanged(_ state: inout AppState) -> [Effect]
  /// Ctrl-G now lists the kind: it answers the field unless what it keeps already does.
  static func kindSwitched(_ state: inout AppState) -> [Effect]
  /// A sync brought the index up to date: rows read from it are read again.
  static func indexRefreshed(_ state: inout AppState) -> [Effect]
  /// The pause after a key ran out: Graph is asked.
  static func debounceElapsed(_ state: inout AppState) -> [Effect]
  /// The client waits before retrying request `id`.
  static func retryScheduled(_ state: inout AppState, id: Int, _ notice: RetryNotice) -> [Effect]
  /// Graph's first page (or whole answer) for request `id`.
  static func answered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect]
  /// A further page for request `id`.
  static func pageAnswered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect]
  /// The index's answer for request `id`, in the key's own frame.
  static func indexAnswered(_ state: inout AppState, id: Int, _ answer: IndexAnswer) -> [Effect]
  /// The list neared its end while the kind is listed alone: its next page.
  static func more(_ state: inout AppState) -> [Effect]

  /// The list's selection moved onto one of its rows: the pane follows.
  static func selectionChanged(_ state: inout AppState) -> [Effect]
  /// The pane is about to be looked at: show the selected row now.
  static func selectionNeededNow(_ state: inout AppState) -> [Effect]
  /// Shows `subject` (one of its own) in the pane now, from a walk.
  static func open(_ state: inout AppState, _ subject: PaneSubject, returningTo: String?) -> [Effect]
  /// An object a member list names only by type, id and name, as a row of this kind (a device in a
  /// group's members): what Enter on it opens. Nil when it is not of this kind.
  static func subject(forMember object: UndescribedObject) -> PaneSubject?
  /// Turns the kind on for the app (`AppState.enableSearchedKinds`); people, groups and rooms are
  /// turned on by their own slices.
  static func enable(_ state: inout AppState)
}

extension ListedKind {
  static var singular: String? { nil }
  static var pages: Bool { true }
  static func enable(_ state: inout AppState) {}
  static func subject(forMember object: UndescribedObject) -> PaneSubject? { nil }
  static var limitedBesideOthers: Bool { true }
  static func canLoadMore(_ state: AppState) -> Bool { false }
  static var readPermission: String? { nil }
  static func accountChanged(_ state: inout AppState) {}
  static func sessionCleared(_ state: inout AppState) {}
  static func queryChanged(_ state: inout AppState) -> [Effect] { [] }
  static func kindSwitched(_ state: inout AppState) -> [Effect] { queryChanged(&state) }
  static func indexRefreshed(_ state: inout AppState) -> [Effect] { [] }
  static func debounceElapsed(_ state: inout AppState) -> [Effect] { [] }
  static func retryScheduled(_ state: inout AppState, id: Int, _ notice: RetryNotice) -> [Effect] { [] }
  static func pageAnswered(_ state: inout AppState, id: Int, _ answer: KindAnswer) -> [Effect] { [] }
  static func indexAnswered(_ state: inout AppState, id: Int, _ answer: IndexAnswer) -> [Effect] { [] }
  static func more(_ state: inout AppState) -> [Effect] { [] }
  static func selectionNeededNow(_ state: inout AppState) -> [Effect] { selectionChanged(&state) }
}

/// A kind whose answer is an array kept in its slice of the state (every kind so far): it says
/// where the array is and how one of its items is a row; its count, rows and positions are read
/// from there once for every such kind.
protocol StoredRowsKind: ListedKind {
  associatedtype Item: ListedItem
  /// The rows its answer holds, best first.
  static var rows: KeyPath<AppState, [Item]> { get }
  /// One of its items as a row of the list.
  static func row(_ item: Item) -> ListRow
}

extension StoredRowsKind {
  static func answerCount(_ state: AppState) -> Int { state[keyPath: rows].count }
  static func row(at index: Int, in state: AppState) -> ListRow { row(state[keyPath: rows][index]) }
  static func index(of id: String, in state: AppState) -> Int? { state[keyPath: rows].firstIndex { $0.id == id } }
}
