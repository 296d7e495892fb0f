/// The group pane's events.
public enum GroupPaneAction: Equatable, Sendable {
  /// The short pause after the list's selection landed on a group ran out (request `id`).
  case debounceElapsed(id: Int)
  /// The group's properties, owners and counts for request `id`.
  case loaded(id: Int, Result<GroupDetail, DirectoryError>)
  /// The first page of members for request `id`.
  case membersLoaded(id: Int, Result<MemberPage, DirectoryError>)
  /// A further page of members for request `id`.
  case moreMembersLoaded(id: Int, Result<MemberPage, DirectoryError>)
  /// ↑/↓ on the member rows (clamped).
  case memberMoved(by: Int)
  /// The selection is near the end of the loaded members: load the next page, if any.
  case nearEndReached
  /// Enter on a member: that person or group opens in the pane (the walk grows).
  case memberOpened
  /// `t`: direct members ⇄ transitive members.
  case transitiveToggled
  /// The member selection rested: ask how the selected transitive member is in the group.
  case pathDue(id: Int)
  /// How the member is in the group, for request `id` (nil: not a member after all).
  case pathLoaded(id: Int, Result<MembershipPath?, DirectoryError>)
}
