extension AppState {
  /// Rows of a kind listed beside other kinds: the few best matches, so the people stay in view;
  /// Ctrl-G lists one kind alone, with paging, when there are more.
  public static let rowsBesideOthers = 5

  /// The kinds switched on, in list order (people always).
  public var enabledKinds: [ObjectKind] {
    [.person] + (groups.isEnabled ? [.group] : []) + (rooms.isEnabled ? [.room] : [])
  }

  /// The groups the list shows, in order, above the people.
  public var shownGroups: [Group] {
    guard groups.isEnabled, list.kind.shows(.group) else { return [] }
    return list.kind == .groups ? groups.results : Array(groups.results.prefix(Self.rowsBesideOthers))
  }

  /// The rooms the list shows, below the people: a name typed is a person's more often than a
  /// room's (rooms are often named after people: "Meitner Focus Room"), so Enter still opens the
  /// person typed; where no one matches, the rooms lead.
  public var shownRooms: [Room] {
    guard rooms.isEnabled, list.kind.shows(.room) else { return [] }
    return list.kind == .rooms ? rooms.results : Array(rooms.results.prefix(Self.rowsBesideOthers))
  }

  /// The people the list shows, between the groups and the rooms.
  public var shownPeople: [Person] {
    list.kind.shows(.person) ? search.results : []
  }

  /// The rows of `kind` the list shows, in their own order.
  public func shownRows(of kind: ObjectKind) -> [ListRow] {
    switch kind {
    case .group: return shownGroups.map(ListRow.group)
    case .person: return shownPeople.map(ListRow.person)
    case .room: return shownRooms.map(ListRow.room)
    }
  }

  /// The row at `index` of `kind`'s block (no other row built: drawn for every visible row).
  private func shownRow(of kind: ObjectKind, at index: Int) -> ListRow? {
    switch kind {
    case .group: return shownGroups.indices.contains(index) ? .group(shownGroups[index]) : nil
    case .person: return shownPeople.indices.contains(index) ? .person(shownPeople[index]) : nil
    case .room: return shownRooms.indices.contains(index) ? .room(shownRooms[index]) : nil
    }
  }

  /// How many rows of `kind` the list shows, without building them.
  public func shownCount(of kind: ObjectKind) -> Int {
    switch kind {
    case .group: return shownGroups.count
    case .person: return shownPeople.count
    case .room: return shownRooms.count
    }
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

  /// The rows above the rooms (the rooms' own positions start here).
  public var rowsAboveRooms: Int { rowsAbove(.room) }

  /// The selected row's position among `listRows`; nil when nothing listed is selected.
  public var selectedRow: Int? {
    guard let selected = list.selected else { return nil }
    let index: Int?
    switch selected.kind {
    case .group: index = shownGroups.firstIndex { $0.id == selected.id }
    case .room: index = shownRooms.firstIndex { $0.id == selected.id }
    case .person: index = shownPeople.firstIndex { $0.id == selected.id }
    }
    return index.map { rowsAbove(selected.kind) + $0 }
  }

  /// The row at `position` of `listRows`, building only the block it falls in.
  public func listRow(at position: Int) -> ListRow? {
    var index = position
    for kind in ObjectKind.listOrder {
      let count = shownCount(of: kind)
      if index < count { return index >= 0 ? shownRow(of: kind, at: index) : nil }
      index -= count
    }
    return nil
  }

  /// The selected row, when it is listed. Looked up among its own kind's rows only: the reducers
  /// ask on every selection change, and a group or room needs no pass over the people.
  public var selectedListRow: ListRow? {
    switch list.selected?.kind {
    case .group: return selectedGroup.map(ListRow.group)
    case .room: return selectedRoom.map(ListRow.room)
    case .person: return selectedListPerson.map(ListRow.person)
    case nil: return nil
    }
  }

  /// The selected group, when the selection is on a group row.
  public var selectedGroup: Group? {
    guard let selected = list.selected, selected.kind == .group else { return nil }
    return shownGroups.first { $0.id == selected.id }
  }

  /// The selected room, when the selection is on a room row.
  public var selectedRoom: Room? {
    guard let selected = list.selected, selected.kind == .room else { return nil }
    return shownRooms.first { $0.id == selected.id }
  }

  /// The selected person, when the selection is on a person row.
  public var selectedListPerson: Person? {
    guard let selected = list.selected, selected.kind == .person else { return nil }
    return shownPeople.first { $0.id == selected.id }
  }

  /// Whether any row is selected (Enter and Tab have somewhere to go).
  public var hasListSelection: Bool { selectedRow != nil }

  /// Whether the groups listed are the answer for the field's query: each kind is marked on its
  /// own when not.
  public var groupsMatchQuery: Bool { Self.answers(groups.resultsQuery, search.normalizedQuery) }

  /// Whether the rooms listed are the answer for the field's query, by the same rule as groups.
  public var roomsMatchQuery: Bool { Self.answers(rooms.resultsQuery, search.normalizedQuery) }

  /// Whether the rows of `kind` listed answer the field's query now (others are dimmed, and the
  /// status line says why): each kind is answered apart, so each is marked on its own.
  public func rowsMatchQuery(_ kind: ObjectKind) -> Bool {
    switch kind {
    case .person: return search.resultsMatchQuery
    case .group: return groupsMatchQuery
    case .room: return roomsMatchQuery
    }
  }

  /// A kind's rows answer the field when they were matched for exactly its normalized query.
  private static func answers(_ resultsQuery: String?, _ query: String) -> Bool {
    resultsQuery != nil && resultsQuery == query
  }

  /// Whether `kind`, beside people, answers the field's query now: it is listed, the field holds
  /// a query that is not people's by its filters (`SearchState.narrowsPeopleOnly`), on the main
  /// screen. Groups and rooms start from this one rule.
  public func answersQuery(_ kind: ObjectKind) -> Bool {
    !search.normalizedQuery.isEmpty && list.kind.shows(kind) && screen == .main && !search.narrowsPeopleOnly
  }

  /// The kind whose next page the end of the list asks for: groups when the list shows groups
  /// alone, else people; nil for rooms, listed whole.
  public var pagingKind: ObjectKind? {
    let kind = list.kind.only ?? .person
    return kind.pages ? kind : nil
  }

  /// Whether another page can be asked for, of `pagingKind`.
  public var listCanLoadMore: Bool {
    switch pagingKind {
    case .group: return groupsMatchQuery && !groups.isLoadingMore && (groups.next != nil || groups.moreInIndex)
    case .person: return search.canLoadMore
    case .room, nil: return false
    }
  }
}
