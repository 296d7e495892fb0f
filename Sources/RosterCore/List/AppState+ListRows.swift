extension AppState {
  /// Rows of a kind listed beside other kinds: the few best matches, so the people stay in view;
  /// Ctrl-G lists one kind alone, with paging, when there are more.
  public static let rowsBesideOthers = 5

  /// The kinds switched on, in `ObjectKind`'s order (people always).
  public var enabledKinds: [ObjectKind] { ObjectKind.allCases.filter { $0.listed.isEnabled(self) } }

  /// How many rows of `kind` the list shows, without building them: none when the kind is off or
  /// Ctrl-G lists another, its few best beside other kinds, all of them alone.
  public func shownCount(of kind: ObjectKind) -> Int {
    let listed = kind.listed
    guard listed.isEnabled(self), list.kind.shows(kind) else { return 0 }
    let count = listed.answerCount(self)
    guard listed.limitedBesideOthers, list.kind.only != kind else { return count }
    return min(count, Self.rowsBesideOthers)
  }

  /// The rows of `kind` the list shows, in their own order.
  public func shownRows(of kind: ObjectKind) -> [ListRow] {
    (0..<shownCount(of: kind)).map { kind.listed.row(at: $0, in: self) }
  }

  /// Every row of the list, kind after kind in `ObjectKind.listOrder`.
  public var listRows: [ListRow] { ObjectKind.listOrder.flatMap(shownRows(of:)) }

  /// The number of rows, without building them.
  public var listRowCount: Int { ObjectKind.listOrder.reduce(0) { $0 + shownCount(of: $1) } }

  /// The rows listed above `kind`'s block (its own positions start here).
  public func rowsAbove(_ kind: ObjectKind) -> Int {
    ObjectKind.listOrder.prefix { $0 != kind }.reduce(0) { $0 + shownCount(of: $1) }
  }

  /// The rows above the people (the people's own positions start here).
  public var rowsAbovePeople: Int { rowsAbove(.person) }

  /// The position of `row` in its kind's block, when it is listed.
  private func shownIndex(of row: ListRowID) -> Int? {
    guard let index = row.kind.listed.index(of: row.id, in: self), index < shownCount(of: row.kind) else {
      return nil
    }
    return index
  }

  /// The selected row's position among `listRows`; nil when nothing listed is selected.
  public var selectedRow: Int? {
    guard let selected = list.selected else { return nil }
    return shownIndex(of: selected).map { rowsAbove(selected.kind) + $0 }
  }

  /// The row at `position` of `listRows`, building only that row (drawn for every visible row).
  public func listRow(at position: Int) -> ListRow? {
    var index = position
    for kind in ObjectKind.listOrder {
      let count = shownCount(of: kind)
      if index < count { return index >= 0 ? kind.listed.row(at: index, in: self) : nil }
      index -= count
    }
    return nil
  }

  /// The selected row, when it is listed. Looked up among its own kind's rows only: the reducers
  /// ask on every selection change, and a group or room needs no pass over the people.
  public var selectedListRow: ListRow? {
    guard let selected = list.selected, let index = shownIndex(of: selected) else { return nil }
    return selected.kind.listed.row(at: index, in: self)
  }

  /// The selected group, when the selection is on a group row.
  public var selectedGroup: Group? { selectedListRow?.group }

  /// The selected room, when the selection is on a room row.
  public var selectedRoom: Room? { selectedListRow?.room }

  /// The selected person, when the selection is on a person row.
  public var selectedListPerson: Person? { selectedListRow?.person }

  /// Whether any row is selected (Enter and Tab have somewhere to go).
  public var hasListSelection: Bool { selectedRow != nil }

  /// Whether the rows of `kind` listed answer the field's query now (others are dimmed, and the
  /// status line says why): each kind is answered apart, so each is marked on its own.
  public func rowsMatchQuery(_ kind: ObjectKind) -> Bool { kind.listed.rowsMatchQuery(self) }

  /// A kind's rows answer the field when they were matched for exactly its normalized query.
  static func answers(_ resultsQuery: String?, _ query: String) -> Bool {
    resultsQuery != nil && resultsQuery == query
  }

  /// Whether `kind`, beside people, answers the field's query now: it is listed, the field holds
  /// a query that is not people's by its filters (`FieldState.narrowsPeopleOnly`), on the main
  /// screen. Groups and rooms start from this one rule.
  public func answersQuery(_ kind: ObjectKind) -> Bool {
    !field.normalizedQuery.isEmpty && list.kind.shows(kind) && screen == .main && !field.narrowsPeopleOnly
  }

  /// The kind whose next page the end of the list asks for: the kind listed alone, else people;
  /// nil for a kind listed whole.
  public var pagingKind: ObjectKind? {
    let kind = list.kind.only ?? .person
    return kind.pages ? kind : nil
  }

  /// Whether another page can be asked for, of `pagingKind`.
  public var listCanLoadMore: Bool { pagingKind?.listed.canLoadMore(self) ?? false }

  /// The state of `kind`'s block, for the status line (people have their own, richer line).
  public func listStatus(of kind: ObjectKind) -> KindListStatus {
    kind.listed.isEnabled(self) ? kind.listed.status(self) : .idle
  }
}
