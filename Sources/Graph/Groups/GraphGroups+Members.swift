import Foundation
import RosterCore

extension GraphGroups {
  /// The first page of a group's members (`/members` or `/transitiveMembers`) with `$count`,
  /// and for direct members also `/members/$count`, asked at once: v1.0's `/members` leaves
  /// service principals out of the list (and its `@odata.count`) but `/members/$count` counts
  /// them, so the difference is said as `notListed`, not lost. A large group is read a page at
  /// a time (`nextMembers`); nothing loads the whole list.
  func members(_ query: MembersQuery, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> MemberPage
  {
    let path = Self.groupPath(query.groupID) + (query.transitive ? "/transitiveMembers" : "/members")
    let options = [
      ("$select", GroupDecoding.memberFields.joined(separator: ",")), ("$count", "true"),
      ("$top", String(min(max(query.pageSize, 1), 999))),
    ]
    async let everyone: Int? = query.transitive ? nil : await count(path, onRetry: onRetry)
    let body = try await get(path + Self.query(options), advanced: true, onRetry: onRetry)
    let decoded = try GroupDecoding.page(from: body)
    var page = memberPage(decoded)
    let counted = await everyone
    page.totalCount = counted ?? decoded.count
    if let counted, let listed = decoded.count, counted > listed { page.notListed = counted - listed }
    return page
  }

  func nextMembers(_ cursor: PageCursor, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> MemberPage
  {
    let body = try await get(try people.followableURL(cursor.nextLink), advanced: true, onRetry: onRetry)
    return memberPage(try GroupDecoding.page(from: body))
  }

  /// People hidden from the address list are counted, not listed, as everywhere in Roster.
  private func memberPage(_ decoded: GroupDecoding.Page) -> MemberPage {
    let listed = decoded.objects.filter { $0.person?.isHiddenFromAddressList != true }
    return MemberPage(
      members: listed, next: remember(decoded.nextLink, FollowContext(kind: .members, advanced: true)),
      hiddenFromAddressList: decoded.objects.count - listed.count)
  }

  /// The groups a person is in (`/users/{key}/memberOf/microsoft.graph.group`, or the signed-in
  /// person's `/me/…`, which needs only `User.Read`), direct or transitive, with `$count`.
  func memberOf(_ query: MemberOfQuery, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> GroupPage
  {
    let owner = query.personID.map(people.userPath) ?? "/me"
    let relation = query.transitive ? "/transitiveMemberOf" : "/memberOf"
    let options = [
      ("$select", GroupDecoding.fields.joined(separator: ",")), ("$count", "true"),
      ("$top", String(min(max(query.pageSize, 1), 999))),
    ]
    let body = try await get(
      owner + relation + "/microsoft.graph.group" + Self.query(options), advanced: true, onRetry: onRetry)
    return page(try GroupDecoding.page(from: body, assumed: .group), FollowContext(kind: .groups, advanced: true))
  }
}
