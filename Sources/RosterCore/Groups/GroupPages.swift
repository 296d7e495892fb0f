/// One group search as the search engine asks for it (the people search's `PeopleQuery` twin).
public struct GroupQuery: Sendable, Equatable, Hashable {
  /// What the person typed, untrimmed; the Graph client escapes it.
  public var text: String
  /// Groups per page (Graph allows 1–999).
  public var pageSize: Int

  public init(text: String, pageSize: Int) {
    self.text = text
    self.pageSize = pageSize
  }
}

/// One page of groups: a search, or the groups a person is in.
public struct GroupPage: Sendable, Equatable {
  public var groups: [Group]
  /// nil on the last page.
  public var next: PageCursor?
  /// `@odata.count` when the server gave one (first page only).
  public var totalCount: Int?
  /// Read from the local index (Graph could not be reached, or the index answered first).
  public var fromIndex: Bool

  public init(groups: [Group], next: PageCursor? = nil, totalCount: Int? = nil, fromIndex: Bool = false) {
    self.groups = groups
    self.next = next
    self.totalCount = totalCount
    self.fromIndex = fromIndex
  }
}

/// Which members of a group to list.
public struct MembersQuery: Sendable, Equatable, Hashable {
  public var groupID: String
  /// `transitiveMembers`: members of nested groups too (each once), not only direct members.
  public var transitive: Bool
  /// Members per page (Graph allows 1–999); a 20,000-member group is read a page at a time.
  public var pageSize: Int

  public init(groupID: String, transitive: Bool = false, pageSize: Int = 100) {
    self.groupID = groupID
    self.transitive = transitive
    self.pageSize = pageSize
  }
}

/// One page of a group's members (or owners).
///
/// Counts come from `$count`, not from loading everything: `totalCount` is Graph's count of the
/// whole list on the first page. Members listed are people, groups and `.undescribed` objects;
/// people hidden from the address list are counted in `hiddenFromAddressList`, not listed; what
/// Graph counted but never sent (v1.0 leaves some service principals out of member lists) is
/// `notListed`, known once the last page has come.
public struct MemberPage: Sendable, Equatable {
  public var members: [DirectoryObject]
  /// nil on the last page.
  public var next: PageCursor?
  /// Graph's `@odata.count` of the whole list (first page only; nil when it gave none).
  public var totalCount: Int?
  /// Members on this page not listed because the organisation hides them from its address list.
  public var hiddenFromAddressList: Int
  /// On the last page: members Graph counted but did not send at all (nil when unknown).
  public var notListed: Int?
  /// Read from the local index.
  public var fromIndex: Bool

  public init(
    members: [DirectoryObject], next: PageCursor? = nil, totalCount: Int? = nil, hiddenFromAddressList: Int = 0,
    notListed: Int? = nil, fromIndex: Bool = false
  ) {
    self.members = members
    self.next = next
    self.totalCount = totalCount
    self.hiddenFromAddressList = hiddenFromAddressList
    self.notListed = notListed
    self.fromIndex = fromIndex
  }

  /// Members Graph answered with only `id` and type (devices, service principals, objects the
  /// token may not read), on this page.
  public var undescribed: Int {
    members.filter(\.isOnlyIdAndType).count
  }
}

/// Which groups a person is in.
public struct MemberOfQuery: Sendable, Equatable, Hashable {
  /// The person's id, user principal name or mail; nil for the signed-in person ("my groups",
  /// `/me/transitiveMemberOf`, which needs only `User.Read`).
  public var personID: String?
  public var transitive: Bool
  public var pageSize: Int

  public init(personID: String?, transitive: Bool = false, pageSize: Int = 100) {
    self.personID = personID
    self.transitive = transitive
    self.pageSize = pageSize
  }
}

/// Everything a group's detail pane shows besides its members.
public struct GroupDetail: Sendable, Equatable {
  /// With `memberCount` (direct members, from `$count`) when the token may count them.
  public var group: Group
  public var owners: [DirectoryObject]
  /// Transitive members counted (`transitiveMembers/$count`); nil when unknown.
  public var transitiveMemberCount: Int?
  /// Why the members (and owners) cannot be listed, when they cannot: the pane says so instead of
  /// showing an empty list.
  public var membersProblem: GroupPermissionNeed?
  /// Read from the local index because Graph could not be reached.
  public var fromIndex: Bool

  public init(
    group: Group, owners: [DirectoryObject] = [], transitiveMemberCount: Int? = nil,
    membersProblem: GroupPermissionNeed? = nil, fromIndex: Bool = false
  ) {
    self.group = group
    self.owners = owners
    self.transitiveMemberCount = transitiveMemberCount
    self.membersProblem = membersProblem
    self.fromIndex = fromIndex
  }
}
