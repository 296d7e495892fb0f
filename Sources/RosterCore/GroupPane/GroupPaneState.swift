import Foundation

/// The detail pane when it shows a group: its properties, owners and counts, its members as
/// selectable rows (direct or transitive), and how the selected transitive member is in it.
///
/// Every request's answer carries the id it was sent with (`AppState.detail.requestID` values,
/// which only grow), and one for another group, another members mode or another member is dropped.
public struct GroupPaneState: Equatable, Sendable {
  /// The group as the row that opened it knew it; replaced by the loaded one.
  public var group: Group
  /// The group's properties, owners and counts.
  public var status: GroupPaneStatus
  /// Members of nested groups too (`transitiveMembers`), each once, instead of direct members.
  public var transitive: Bool
  /// The member list.
  public var members: GroupMembersStatus
  /// The selected member row.
  public var memberIndex: Int
  /// How the selected member is in this group (transitive members only).
  public var path: MembershipPathStatus
  /// Ids of the requests whose answers are awaited.
  public var detailRequest: Int
  public var membersRequest: Int
  public var pathRequest: Int
  /// When going back, the member whose row gets the selection once the members show.
  public var returningTo: String?

  public init(group: Group, transitive: Bool = false) {
    self.group = group
    self.status = .loading
    self.transitive = transitive
    self.members = .loading
    self.memberIndex = 0
    self.path = .none
    self.detailRequest = 0
    self.membersRequest = 0
    self.pathRequest = 0
    self.returningTo = nil
  }
}

/// The group's properties, owners and counts.
public enum GroupPaneStatus: Equatable, Sendable {
  case loading
  case loaded(GroupDetail)
  /// The group could not be read; the row's fields still show, with the reason.
  case failed(message: CleanText)
  /// The token may not read the group: which permission is missing (the pane says what it
  /// would show).
  case needsPermission(GroupPermissionNeed)
}

/// A group's member list as the pane shows it.
public enum GroupMembersStatus: Equatable, Sendable {
  case loading
  case loaded(MemberList)
  case failed(message: CleanText)
  /// The token may not list them (no `GroupMember.Read.All`, or hidden membership without
  /// `Member.Read.Hidden`): said instead of an empty list.
  case needsPermission(GroupPermissionNeed)
}

/// The members loaded so far, and what Graph counted but did not describe.
public struct MemberList: Equatable, Sendable {
  /// Listed members, in Graph's order: people, groups, and objects with only an id and type.
  public var members: [DirectoryObject]
  /// Where the next page is; nil after the last.
  public var next: PageCursor?
  /// `$count` of the whole list, when Graph gave it.
  public var totalCount: Int?
  /// People not listed because the organisation hides them from its address list.
  public var hiddenFromAddressList: Int
  /// Counted by Graph but never sent (v1.0 leaves some service principals out), once known.
  public var notListed: Int?
  /// Read from the local index.
  public var fromIndex: Bool
  /// A next page is on the wire.
  public var isLoadingMore: Bool

  public init(_ page: MemberPage) {
    members = page.members
    next = page.next
    totalCount = page.totalCount
    hiddenFromAddressList = page.hiddenFromAddressList
    notListed = page.notListed
    fromIndex = page.fromIndex
    isLoadingMore = false
  }

  /// Members Graph described with only an id and type, among those loaded.
  public var undescribed: Int {
    members.filter(\.isOnlyIdAndType).count
  }
}

/// How the selected member is in the group.
public enum MembershipPathStatus: Equatable, Sendable {
  /// Direct members, or no member selected.
  case none
  case loading(memberID: String)
  case loaded(MembershipPath)
  /// The path could not be worked out (the reason, in plain words).
  case failed(memberID: String, message: CleanText)
}

extension GroupPaneState {
  /// The member rows Enter can open or at least select.
  public var memberRows: [DirectoryObject] {
    guard case .loaded(let list) = members else { return [] }
    return list.members
  }

  /// The selected member, if any.
  public var selectedMember: DirectoryObject? {
    let rows = memberRows
    return rows.indices.contains(memberIndex) ? rows[memberIndex] : nil
  }

  /// The group as best known: the loaded detail's, else the row's.
  public var shownGroup: Group {
    if case .loaded(let detail) = status { return detail.group }
    return group
  }
}
