/// One row of the result list: a group or a person.
public enum ListRow: Equatable, Sendable {
  case group(Group)
  case person(Person)
}

extension AppState {
  /// Groups listed above the people while the list shows both: the few best matches, so the
  /// people stay in view; Ctrl-G lists groups alone, with paging, when there are more.
  public static let groupsBesidePeople = 5

  /// The groups the list shows, in order, above any people.
  public var shownGroups: [Group] {
    guard groups.isEnabled, groups.kind.showsGroups else { return [] }
    return groups.kind == .groups ? groups.results : Array(groups.results.prefix(Self.groupsBesidePeople))
  }

  /// The people the list shows, below any groups.
  public var shownPeople: [Person] {
    groups.isEnabled && !groups.kind.showsPeople ? [] : search.results
  }

  /// Every row of the list: the shown groups, then the shown people.
  public var listRows: [ListRow] {
    shownGroups.map(ListRow.group) + shownPeople.map(ListRow.person)
  }

  /// The number of rows, without building them.
  public var listRowCount: Int { shownGroups.count + shownPeople.count }

  /// The selected row's index among `listRows`.
  public var selectedRow: Int? {
    if let index = groups.selectedIndex { return index }
    guard let index = search.selectedIndex, !shownPeople.isEmpty else { return nil }
    return shownGroups.count + index
  }

  /// The selected group, when the selection is on a group row.
  public var selectedGroup: Group? {
    guard let index = groups.selectedIndex else { return nil }
    let shown = shownGroups
    return shown.indices.contains(index) ? shown[index] : nil
  }

  /// The selected person, when the selection is on a person row.
  public var selectedListPerson: Person? {
    guard groups.selectedIndex == nil, !shownPeople.isEmpty else { return nil }
    return search.selectedPerson
  }

  /// Whether any row is selected (Enter and Tab have somewhere to go).
  public var hasListSelection: Bool { selectedGroup != nil || selectedListPerson != nil }

  /// Whether the rows kept from an earlier query are the answer for the field's query: groups
  /// and people are each marked when not.
  public var groupsMatchQuery: Bool {
    groups.resultsQuery != nil && groups.resultsQuery == search.normalizedQuery
  }

  /// Whether another page can be asked for, of the kind that pages now: groups when the list
  /// shows groups alone, else people.
  public var listCanLoadMore: Bool {
    guard groups.isEnabled, groups.kind == .groups else { return search.canLoadMore }
    return groupsMatchQuery && !groups.isLoadingMore && (groups.next != nil || groups.moreInIndex)
  }
}
