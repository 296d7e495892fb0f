/// Group reads as the runtime uses them: a struct of closures, like `DirectoryClient` —
/// `GroupClient.live` over Microsoft Graph (Graph target), `GroupClient.index` over the local
/// index for offline answers (Index target), fakes in tests.
///
/// Every call throws `DirectoryError` only. A missing permission is `.permissionDenied` with the
/// explanation of a `GroupPermissionNeed` (`GroupPermissionNeed(error)` gives it back), so the
/// UI can say which permission is missing and what it would show. `onRetry` is told of each wait
/// before a retry (throttling), as for people.
public struct GroupClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void

  /// First page of groups matching `query` (`$search` on `SearchSchema.groups`, as for people).
  public var searchGroups: @Sendable (_ query: GroupQuery, _ onRetry: @escaping OnRetry) async throws -> GroupPage
  /// The page of groups after `cursor` (a search's or a `memberOf`'s).
  public var nextGroups: @Sendable (_ cursor: PageCursor, _ onRetry: @escaping OnRetry) async throws -> GroupPage
  /// One group by id, mail or exact display name, with owners and member counts.
  public var groupDetail: @Sendable (_ key: String, _ onRetry: @escaping OnRetry) async throws -> GroupDetail
  /// First page of a group's members, direct or transitive, with `$count`.
  public var members: @Sendable (_ query: MembersQuery, _ onRetry: @escaping OnRetry) async throws -> MemberPage
  /// The page of members after `cursor`.
  public var nextMembers: @Sendable (_ cursor: PageCursor, _ onRetry: @escaping OnRetry) async throws -> MemberPage
  /// The groups a person (or, with `personID` nil, the signed-in person) is in.
  public var memberOf: @Sendable (_ query: MemberOfQuery, _ onRetry: @escaping OnRetry) async throws -> GroupPage
  /// How `memberID` (a person's or a group's id) is in `groupID`: the shortest chain of nested
  /// groups, nil when it is not a member at all. Cycles never loop; the requests are bounded.
  public var membershipPath:
    @Sendable (_ memberID: String, _ groupID: String, _ onRetry: @escaping OnRetry) async throws -> MembershipPath?

  public init(
    searchGroups: @escaping @Sendable (GroupQuery, @escaping OnRetry) async throws -> GroupPage,
    nextGroups: @escaping @Sendable (PageCursor, @escaping OnRetry) async throws -> GroupPage,
    groupDetail: @escaping @Sendable (String, @escaping OnRetry) async throws -> GroupDetail,
    members: @escaping @Sendable (MembersQuery, @escaping OnRetry) async throws -> MemberPage,
    nextMembers: @escaping @Sendable (PageCursor, @escaping OnRetry) async throws -> MemberPage,
    memberOf: @escaping @Sendable (MemberOfQuery, @escaping OnRetry) async throws -> GroupPage,
    membershipPath: @escaping @Sendable (String, String, @escaping OnRetry) async throws -> MembershipPath?
  ) {
    self.searchGroups = searchGroups
    self.nextGroups = nextGroups
    self.groupDetail = groupDetail
    self.members = members
    self.nextMembers = nextMembers
    self.memberOf = memberOf
    self.membershipPath = membershipPath
  }

  /// Every call fails with `error` (no client id yet, groups switched off, tests).
  public static func unavailable(_ error: DirectoryError) -> GroupClient {
    GroupClient(
      searchGroups: { _, _ in throw error }, nextGroups: { _, _ in throw error },
      groupDetail: { _, _ in throw error }, members: { _, _ in throw error }, nextMembers: { _, _ in throw error },
      memberOf: { _, _ in throw error }, membershipPath: { _, _, _ in throw error })
  }
}
