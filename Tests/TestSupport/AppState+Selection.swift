import RosterCore
import TestSupport

/// Tests name rows by their place in one kind's answer, as a person reads the list; the state
/// holds the selection as a row id (`ListState.selected`).
extension AppState {
  /// Selects the person at `index` of `search.results` (nil: nothing selected).
  public mutating func selectPerson(at index: Int?) {
    list.selected = index.map { ListRowID(.person, search.results[$0].id) }
  }

  /// Selects the group at `index` of the groups listed.
  public mutating func selectGroup(at index: Int) {
    list.selected = ListRowID(.group, shownGroups[index].id)
  }

  /// The selected person's place in `search.results`; nil when no person is selected.
  public var selectedPersonIndex: Int? {
    guard let selected = list.selected, selected.kind == .person else { return nil }
    return search.results.firstIndex { $0.id == selected.id }
  }
}
