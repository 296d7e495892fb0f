import RosterCore

/// The group and room clients a `TestStore` gets unless a test names its own: they answer as a
/// real tenant with nothing to list would, so every kind can be switched on (as production does)
/// while a test about people sees the other kinds answer "none" once and then stay quiet.
///
/// An answer, not a failure: an "unavailable" client made every query end in an offline status
/// for groups and rooms and a read tried again at every key, which is not what a signed-in
/// person sees and would make each test assert retries it is not about.
extension GroupClient {
  /// No group matches any search, the signed-in person is in none, and no group exists to open.
  public static let emptyTenant = GroupClient(
    searchGroups: { _, _ in GroupPage(groups: [], totalCount: 0) }, nextGroups: { _, _ in GroupPage(groups: []) },
    groupDetail: { _, _ in throw DirectoryError.notFound }, members: { _, _ in throw DirectoryError.notFound },
    nextMembers: { _, _ in throw DirectoryError.notFound }, memberOf: { _, _ in GroupPage(groups: []) },
    membershipPath: { _, _, _ in nil })
}

extension RoomClient {
  /// A tenant with no places set up: Graph answers an empty list of rooms.
  public static let emptyTenant = RoomClient { _ in RoomCatalog(rooms: []) }
}
