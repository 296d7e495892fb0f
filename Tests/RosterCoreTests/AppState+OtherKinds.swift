import Foundation
import RosterCore
import TestSupport

/// What groups and rooms do while a test is about people, with every kind switched on as the app
/// switches them on (issue 29) and the `TestStore`'s default clients answering as a tenant with
/// no groups and no rooms. Written out from the rules in
/// docs/decisions/kinds.md#kinds--one-list-every-kind and "Rooms are answered whole" in
/// docs/decisions/kinds.md#kinds--rooms-the-third-kind, field by field, not by calling the
/// reducers.
///
/// The signed-in fixture may not search all groups (no `GroupMember.Read.All`), so a query lists
/// the signed-in person's own groups ("my groups"), read once a session; rooms are read whole
/// once a session. Both answers are empty, so neither ever adds a row.
extension AppState {
  /// The field's query changed: groups and rooms follow it.
  mutating func otherKindsFollowQuery() {
    groupsFollowQuery()
    roomsFollowQuery()
  }

  /// Groups for the field's query: "my groups" that match (none), asked once when not yet read.
  mutating func groupsFollowQuery() {
    guard groups.isEnabled else { return }
    groups.isLoadingMore = false
    guard !field.normalizedQuery.isEmpty, list.kind.shows(.group), screen == .main, !field.narrowsPeopleOnly else {
      groups.status = .idle
      groups.next = nil
      groups.totalCount = nil
      groups.moreInIndex = false
      groups.results = []
      groups.resultsQuery = nil
      return
    }
    groups.onlyMine = .readGroups
    guard groups.myGroups != nil else {
      groups.status = .searching
      groups.myGroupsLoading = true
      return
    }
    myGroupsShown()
  }

  /// Rooms for the field's query: matched in the key's frame once the list is read, else the list
  /// asked for (from the index while the last sync found Graph unreachable, else from Graph).
  mutating func roomsFollowQuery() {
    guard rooms.isEnabled else { return }
    guard !field.normalizedQuery.isEmpty, list.kind.shows(.room), screen == .main, !field.narrowsPeopleOnly else {
      return roomsListed([], answering: nil)
    }
    switch rooms.catalog {
    case .loaded(let catalog):
      roomsListed(RoomFilter(text: field.query.string).apply(catalog.rooms), answering: field.normalizedQuery)
    case .unknown, .offline, .failed:
      rooms.requestID += 1
      rooms.catalog = .loading(index.attached && index.offline ? .index : .graph)
      roomsListed([], answering: nil)
    case .loading, .needsPermission:
      roomsListed([], answering: nil)
    }
  }

  /// Signed in again on the main screen's query (the session had ended): another person may
  /// have signed in, so "my groups" and the rooms are asked again for the query re-sent.
  mutating func otherKindsAskedAgainAfterSignIn() {
    groups.myGroups = nil
    groups.myGroupsFromIndexAsked = false
    groups.myGroupsLoading = false
    groups.onlyMine = nil
    if case .loading = rooms.catalog { rooms.requestID += 1 }
    rooms.catalog = .unknown
  }

  /// The signed-in person's groups arrived (none): shown when the field still asks for them.
  mutating func noGroupsOfMineArrived() {
    groups.myGroupsLoading = false
    groups.myGroups = []
    guard groups.onlyMine != nil, !field.normalizedQuery.isEmpty, list.kind.shows(.group), screen == .main
    else { return }
    myGroupsShown()
  }

  /// The whole list of rooms arrived: matched against the field's query.
  mutating func roomsArrived(_ catalog: RoomCatalog) {
    rooms.catalog = .loaded(catalog)
    roomsFollowQuery()
  }

  /// "My groups" matching the field's query shown as its answer (the tenant has none).
  private mutating func myGroupsShown() {
    groups.next = nil
    groups.totalCount = nil
    groups.moreInIndex = false
    groups.status = .results
    groups.fromIndex = false
    groups.results = []
    groups.resultsQuery = field.normalizedQuery
  }

  private mutating func roomsListed(_ listed: [Room], answering query: String?) {
    rooms.results = listed
    rooms.resultsQuery = query
  }
}
