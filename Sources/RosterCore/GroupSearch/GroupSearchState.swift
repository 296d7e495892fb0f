import Foundation

/// Groups in the one search field: what the list shows of groups for the query in the field.
///
/// The same invariant as people (DESIGN.md §1): `results` are the answer for `resultsQuery`;
/// answers are tagged with the search's request id and one for another query is dropped. While
/// a newer query is pending, the groups of the older one are narrowed locally (never shown as
/// they were) and the row style marks them like narrowed people.
public struct GroupSearchState: Equatable, Sendable {
  /// Whether the list searches groups at all. The composition root turns it on for the app
  /// (`roster`, `roster --demo`); a core built without a group client lists people only, as
  /// before groups existed.
  public var isEnabled: Bool
  /// What the group search is doing.
  public var status: GroupSearchStatus
  /// The groups answered for `resultsQuery` (narrowed while a newer query is pending).
  public var results: [Group]
  /// The normalised query `results` answer; nil when there are none.
  public var resultsQuery: String?
  /// Where the next page of groups is (Graph); nil on the last.
  public var next: PageCursor?
  /// `@odata.count` of the groups matching, when Graph gave one.
  public var totalCount: Int?
  /// The index holds more groups than listed (it answers a page at a time too).
  public var moreInIndex: Bool
  /// A next page of groups is on the wire.
  public var isLoadingMore: Bool
  /// The answer came from the local index (offline, or the index answered in the key's frame).
  public var fromIndex: Bool
  /// Set when the token may not search all groups: the list shows the signed-in person's own
  /// groups that match, and the status line says which consent the rest needs.
  public var onlyMine: GroupPermissionNeed?
  /// The signed-in person's groups (`/me/transitiveMemberOf`, User.Read), once loaded: what a
  /// search answers from without `GroupMember.Read.All`.
  public var myGroups: [Group]?
  /// "My groups" were asked of the index after Graph could not be reached (asked once).
  public var myGroupsFromIndexAsked: Bool
  /// "My groups" are on the wire: further keys wait for them instead of asking again (they are
  /// the same list whatever the query; each key used to cancel the read and start it anew).
  public var myGroupsLoading: Bool

  public init(isEnabled: Bool = false) {
    self.isEnabled = isEnabled
    self.status = .idle
    self.results = []
    self.resultsQuery = nil
    self.next = nil
    self.totalCount = nil
    self.moreInIndex = false
    self.isLoadingMore = false
    self.fromIndex = false
    self.onlyMine = nil
    self.myGroups = nil
    self.myGroupsFromIndexAsked = false
    self.myGroupsLoading = false
  }
}

/// What the group search is doing, for the status line.
public enum GroupSearchStatus: Equatable, Sendable {
  /// The field is empty, or groups are not listed.
  case idle
  /// A request is pending for the query in the field.
  case searching
  /// `results` answer the query in the field (maybe none).
  case results
  /// Graph cannot be reached and the index holds no groups: the reason, in plain words.
  case offline(message: CleanText)
  /// Any other failure, in plain words.
  case failed(message: CleanText)
}
