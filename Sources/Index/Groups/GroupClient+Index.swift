import Foundation
import RosterCore

extension GroupClient {
  /// Group answers from the local index, for when Graph cannot be reached: every page is marked
  /// `fromIndex`. `current` gives the attached index (nil: none, `.offline`). An index that keeps
  /// no groups answers with the permission that keeps it from holding them. Owners are not kept
  /// by the index (`/groups/delta` tracks members only): the offline pane lists none.
  /// `me` gives the signed-in person's object id, for "my groups" (`MemberOfQuery.personID` nil).
  public static func index(
    _ current: @escaping @Sendable () -> DirectoryIndex?, me: @escaping @Sendable () -> String? = { nil }
  ) -> GroupClient {
    @Sendable func attached() throws(DirectoryError) -> DirectoryIndex {
      guard let index = current() else { throw .offline("No local index holds groups.") }
      let status = (try? index.groupStatus()) ?? (groups: nil, problem: nil)
      if status.groups == nil {
        throw status.problem?.error ?? .offline("The local index holds no groups yet; run `roster index sync`.")
      }
      return index
    }
    @Sendable func read<T>(_ body: () throws -> T) throws(DirectoryError) -> T {
      do { return try body() } catch { throw .malformedResponse("The local index could not be read: \(error)") }
    }
    @Sendable func members(_ query: MembersQuery, offset: Int) throws(DirectoryError) -> MemberPage {
      let index = try attached()
      let (listed, total, hidden) = try read {
        try index.members(of: query.groupID, transitive: query.transitive, limit: query.pageSize, offset: offset)
      }
      let end = offset + query.pageSize
      let next = end < total ? IndexCursor(groupID: query.groupID, transitive: query.transitive, offset: end) : nil
      return MemberPage(
        members: listed, next: next.map { PageCursor(nextLink: $0.link(pageSize: query.pageSize)) },
        totalCount: offset == 0 ? total : nil, hiddenFromAddressList: hidden, fromIndex: true)
    }
    return GroupClient(
      searchGroups: { query, _ in
        let index = try attached()
        return GroupPage(
          groups: try read { try index.searchGroups(query.text, limit: query.pageSize) }, fromIndex: true)
      },
      nextGroups: { _, _ in GroupPage(groups: [], fromIndex: true) },
      groupDetail: { key, _ in
        let index = try attached()
        guard let group = try read({ try index.group(lookingUp: key) }) else { throw DirectoryError.notFound }
        let transitive = try read { try index.members(of: group.id, transitive: true, limit: 0, offset: 0).total }
        return GroupDetail(group: group, transitiveMemberCount: transitive, fromIndex: true)
      },
      members: { query, _ in try members(query, offset: 0) },
      nextMembers: { cursor, _ in
        guard let parsed = IndexCursor(link: cursor.nextLink) else { throw DirectoryError.notFound }
        return try members(
          MembersQuery(groupID: parsed.groupID, transitive: parsed.transitive, pageSize: parsed.pageSize),
          offset: parsed.offset)
      },
      memberOf: { query, _ in
        let index = try attached()
        guard let personID = query.personID ?? me() else {
          throw DirectoryError.offline(
            "Your own groups come from Microsoft Graph; the index does not know who you are.")
        }
        let id = try read { try index.detail(lookingUp: personID)?.person.id } ?? personID
        return GroupPage(groups: try read { try index.memberOf(id, transitive: query.transitive) }, fromIndex: true)
      },
      membershipPath: { member, group, _ in
        let index = try attached()
        return try read { try index.membershipPath(memberID: member, groupID: group) }
      })
  }
}

/// An offline page cursor: `roster-index:members?group=…&transitive=…&offset=…&top=…`. Opaque
/// to everyone else, like Graph's next links; never sent anywhere.
struct IndexCursor: Equatable {
  var groupID: String
  var transitive: Bool
  var offset: Int
  var pageSize = 100

  init(groupID: String, transitive: Bool, offset: Int) {
    self.groupID = groupID
    self.transitive = transitive
    self.offset = offset
  }

  init?(link: String) {
    guard let components = URLComponents(string: link), components.scheme == "roster-index" else { return nil }
    let items = Dictionary(
      (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    guard let group = items["group"], let offset = items["offset"].flatMap(Int.init) else { return nil }
    self.init(groupID: group, transitive: items["transitive"] == "1", offset: offset)
    pageSize = items["top"].flatMap(Int.init) ?? 100
  }

  func link(pageSize: Int) -> String {
    var components = URLComponents()
    components.scheme = "roster-index"
    components.path = "members"
    components.queryItems = [
      URLQueryItem(name: "group", value: groupID), URLQueryItem(name: "transitive", value: transitive ? "1" : "0"),
      URLQueryItem(name: "offset", value: String(offset)), URLQueryItem(name: "top", value: String(pageSize)),
    ]
    return components.string ?? ""
  }
}
