/// "Member of" in a person's pane: the groups they are in, directly or through nested groups,
/// as selectable rows after the reporting line and reports (`m` shows them, `t` switches).
public struct MemberOfState: Equatable, Sendable {
  /// The person whose groups these are.
  public var personID: String
  /// Through nested groups too (`transitiveMemberOf`).
  public var transitive: Bool
  public var status: MemberOfStatus
  /// The id of the request whose answer is awaited.
  public var requestID: Int

  public init(personID: String, transitive: Bool = false, status: MemberOfStatus = .loading, requestID: Int = 0) {
    self.personID = personID
    self.transitive = transitive
    self.status = status
    self.requestID = requestID
  }

  /// The group rows, empty until loaded.
  public var groups: [Group] {
    if case .loaded(let groups, _, _) = status { return groups }
    return []
  }
}

/// What "Member of" shows.
public enum MemberOfStatus: Equatable, Sendable {
  case loading
  /// The groups (first page: a person's groups fit one), whether from the index, and whether
  /// Graph has more than listed.
  case loaded([Group], fromIndex: Bool, more: Bool)
  case failed(message: CleanText)
  /// Another person's groups need `GroupMember.Read.All`: said, with what it would show.
  case needsPermission(GroupPermissionNeed)
}

/// "Member of"'s events.
public enum MemberOfAction: Equatable, Sendable {
  /// `m` in a person's pane: show (or hide) the groups they are in.
  case toggled
  /// `t` in a person's pane: direct groups ⇄ through nested groups too.
  case transitiveToggled
  /// The groups for request `id`.
  case loaded(id: Int, Result<GroupPage, DirectoryError>)
}
