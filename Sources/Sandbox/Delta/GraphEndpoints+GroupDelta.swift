import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /v1.0/groups/delta` as Graph serves it (learn.microsoft.com/graph/api/group-delta and
/// delta-query-groups; PROTOCOL.md "Groups"): the first request's `$select` (with `members` to
/// track membership as `members@delta`) is carried in the tokens; pages are linked by
/// `@odata.nextLink` (`$skiptoken`) and the last carries `@odata.deltaLink` (`$deltatoken`).
///
/// A page holds at most 200 groups and 500 member references (`GraphLimits`, `GroupDeltaPage`):
/// a large group's members are spread over several pages, the group repeated on each with its
/// properties and the next slice of `members@delta`, so a client merges them. Later rounds return
/// the groups changed since, each with only the members that joined (`{"@odata.type","id"}`) or
/// left (plus `"@removed":{"reason":"deleted"}`), sliced the same way. Delta takes no `$expand`,
/// `$top`, `$orderby` (400). `$filter=id eq '…' or id eq '…'` (at most 50 ids, group-delta.md:
/// "The only supported `$filter` expression is for tracking changes on a specific object … There
/// is a limit of 50 filtered objects") tracks only those groups, paged as any round, and its delta
/// link returns only their changes.
extension GraphEndpoints {
  func groupDelta(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    let query = request.query
    for option in ["$expand", "$top", "$orderby", "$search"] where query[option] != nil {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "The query option \(option) is not supported on group delta.")
    }
    let history = tenant.history
    let snapshot = history.current
    let now = tenant.now.timeIntervalSince1970
    var token: GroupDeltaToken
    if let skip = query["$skiptoken"] {
      token = try decodeGroupToken(skip)
    } else if let delta = query["$deltatoken"] {
      if delta == "latest" {
        let latest = GroupDeltaToken(
          kind: "d", instance: history.instance, from: snapshot.version, through: snapshot.version, after: nil,
          partial: nil, memberOffset: 0, issued: now, select: query["$select"],
          ids: try query["$filter"].map(Self.filteredIds))
        _ = try groupDeltaProperties(latest.select)
        return groupDeltaPage(request, values: [], next: nil, deltaLink: latest)
      }
      token = try decodeGroupToken(delta)
      token.kind = "d"
      token.through = snapshot.version
      token.after = nil
      token.partial = nil
      token.memberOffset = 0
    } else {
      token = GroupDeltaToken(
        kind: "i", instance: history.instance, from: snapshot.version, through: snapshot.version, after: nil,
        partial: nil, memberOffset: 0, issued: now, select: query["$select"],
        ids: try query["$filter"].map(Self.filteredIds))
    }
    let tracked = token.ids.map(Set.init)
    let properties = try groupDeltaProperties(token.select)
    let directory = snapshot.directory
    let limits = tenant.configuration.limits
    var page = GroupDeltaPage(
      maxObjects: limits.deltaPageSize(prefer: request.header("Prefer")), maxLinks: limits.deltaLinksPerPage,
      after: token.after)

    /// The group with the links in `sent` as `members@delta` (none when members are not tracked).
    func render(_ index: Int, _ sent: Range<Int>, link: (Int) -> JSONValue) -> JSONValue {
      guard case .object(var fields) = directory.render(group: directory.groups[index], properties: properties) else {
        return .null
      }
      if token.tracksMembers { fields.append(("members@delta", .array(sent.map(link)))) }
      return .object(fields)
    }
    func membersVisible(_ index: Int) -> Bool {
      token.tracksMembers && caller.canReadMembers(ofGroup: index, in: directory)
    }
    func offset(_ groupId: String) -> Int { groupId == token.partial ? token.memberOffset : 0 }

    if token.kind == "i" {
      // A filtered round walks only its tracked groups (by their ids as stored), in the same order.
      let ids =
        token.ids.map { wanted in
          wanted.compactMap { id in
            directory.groupIndex(idOrNickname: id).map { directory.groups[$0].id }.flatMap {
              $0.lowercased() == id ? $0 : nil
            }
          }.sorted()
        } ?? snapshot.sortedGroupIds
      let start =
        token.partial.flatMap { ids.firstIndex(of: $0) } ?? token.after.map { Self.firstIndex(in: ids, after: $0) } ?? 0
      for id in ids[start...] {
        guard let index = directory.groupIndex(idOrNickname: id) else { continue }
        let members = directory.members(ofGroup: index)
        let count = membersVisible(index) ? members.count : 0
        let added = page.add(id, linkCount: count, from: offset(id)) { sent in
          render(index, sent) { position in
            let member = members[position]
            return .object([("@odata.type", .string(member.odataType)), ("id", .string(directory.id(of: member)))])
          }
        }
        if !added { break }
      }
    } else {
      guard let changes = history.groupChanges(after: token.from, through: token.through) else {
        throw Self.syncStateNotFound
      }
      for change in changes
      where token.after.map({ change.groupId > $0 }) ?? true && tracked?.contains(change.groupId.lowercased()) ?? true {
        let added: Bool
        if let index = directory.groupIndex(idOrNickname: change.groupId) {
          let count = membersVisible(index) ? change.members.count : 0
          added = page.add(change.groupId, linkCount: count, from: offset(change.groupId)) { sent in
            render(index, sent) { position in
              let member = change.members[position]
              var fields: [(String, JSONValue)] = [("@odata.type", .string(member.type)), ("id", .string(member.id))]
              if member.removed { fields.append(("@removed", .object([("reason", .string("deleted"))]))) }
              return .object(fields)
            }
          }
        } else {
          added = page.add(change.groupId, linkCount: 0, from: 0) { _ in
            .object([("id", .string(change.groupId)), ("@removed", .object([("reason", .string("changed"))]))])
          }
        }
        if !added { break }
      }
    }
    if let resume = page.resume {
      var next = token
      next.after = resume.after
      next.partial = resume.partial
      next.memberOffset = resume.offset
      return groupDeltaPage(request, values: page.values, next: next, deltaLink: nil)
    }
    var final = token
    final.kind = "d"
    final.from = token.through
    final.after = nil
    final.partial = nil
    final.memberOffset = 0
    final.issued = tenant.now.timeIntervalSince1970
    return groupDeltaPage(request, values: page.values, next: nil, deltaLink: final)
  }

  private func decodeGroupToken(_ text: String) throws(GraphError) -> GroupDeltaToken {
    guard let token = GroupDeltaToken.decode(text), token.instance == tenant.history.instance,
      tenant.now.timeIntervalSince1970 - token.issued <= Self.deltaTokenLifetime
    else { throw Self.syncStateNotFound }
    return token
  }

  /// `$select` without the relationships (answered as `members@delta`).
  private func groupDeltaProperties(_ select: String?) throws(GraphError) -> [String] {
    do {
      return try tenant.directory.selectedGroupProperties(select, allowRelationships: true).filter {
        $0 != "members" && $0 != "owners"
      }
    } catch { throw GraphError(error) }
  }

  private func groupDeltaPage(
    _ request: IncomingRequest, values: [JSONValue], next: GroupDeltaToken?, deltaLink: GroupDeltaToken?
  ) -> Response {
    linkedDeltaPage(
      request, "groups", select: (next ?? deltaLink)?.select, values: values, skipToken: next?.encoded,
      deltaToken: deltaLink?.encoded)
  }
}
