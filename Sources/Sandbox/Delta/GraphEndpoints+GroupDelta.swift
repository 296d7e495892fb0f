import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /v1.0/groups/delta` as Graph serves it (learn.microsoft.com/graph/api/group-delta and
/// delta-query-groups; PROTOCOL.md "Groups"): the first request's `$select` (with `members` to
/// track membership as `members@delta`) is carried in the tokens; pages are linked by
/// `@odata.nextLink` (`$skiptoken`) and the last carries `@odata.deltaLink` (`$deltatoken`).
///
/// A page holds at most `memberBudget` member references: a large group's members are spread over
/// several pages, the group repeated on each with its properties and the next slice of
/// `members@delta`, so a client merges them. Later rounds return the groups changed since, each
/// with only the members that joined (`{"@odata.type","id"}`) or left (plus
/// `"@removed":{"reason":"deleted"}`). Delta takes no `$expand`, `$top`, `$orderby` (400).
extension GraphEndpoints {
  /// Member references per page (and groups per page when members are not tracked).
  static let groupDeltaMemberBudget = 1000
  static let groupDeltaMaxGroups = 999

  func groupDelta(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    let query = request.query
    for option in ["$expand", "$top", "$orderby", "$search", "$filter"] where query[option] != nil {
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
          partial: nil, memberOffset: 0, issued: now, select: query["$select"])
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
        partial: nil, memberOffset: 0, issued: now, select: query["$select"])
    }
    let properties = try groupDeltaProperties(token.select)
    let directory = snapshot.directory
    let maxGroups = Self.preferredPageSize(request.header("Prefer"))
    var values: [JSONValue] = []
    var budget = Self.groupDeltaMemberBudget
    var next: GroupDeltaToken?

    func render(_ index: Int, members: [JSONValue]?) -> JSONValue {
      guard case .object(var fields) = directory.render(group: directory.groups[index], properties: properties) else {
        return .null
      }
      if let members { fields.append(("members@delta", .array(members))) }
      return .object(fields)
    }
    func reference(_ object: DirectoryObjectRef) -> JSONValue {
      .object([("@odata.type", .string(object.odataType)), ("id", .string(directory.id(of: object)))])
    }
    func membersVisible(_ index: Int) -> Bool {
      caller.canReadMembers(ofGroup: index, in: directory)
    }

    if token.kind == "i" {
      let ids = snapshot.sortedGroupIds
      var start = token.after.map { Self.firstIndex(in: ids, after: $0) } ?? 0
      var memberOffset = 0
      if let partial = token.partial, let position = ids.firstIndex(of: partial) {
        start = position
        memberOffset = token.memberOffset
      }
      var position = start
      while position < ids.count {
        if values.count == maxGroups || budget <= 0 {
          next = token
          next?.after = position > 0 ? ids[position - 1] : nil
          next?.partial = nil
          next?.memberOffset = 0
          break
        }
        guard let index = directory.groupIndex(idOrNickname: ids[position]) else {
          position += 1
          continue
        }
        guard token.tracksMembers, membersVisible(index) else {
          values.append(render(index, members: token.tracksMembers ? [] : nil))
          budget -= token.tracksMembers ? 1 : 0
          position += 1
          memberOffset = 0
          continue
        }
        let members = directory.members(ofGroup: index)
        let slice = memberOffset..<min(members.count, memberOffset + max(1, budget))
        values.append(render(index, members: slice.map { reference(members[$0]) }))
        budget -= max(1, slice.count)
        if slice.upperBound < members.count {
          next = token
          next?.partial = ids[position]
          next?.memberOffset = slice.upperBound
          break
        }
        position += 1
        memberOffset = 0
      }
    } else {
      guard let changes = history.groupChanges(after: token.from, through: token.through) else {
        throw Self.syncStateNotFound
      }
      for change in changes where token.after.map({ change.groupId > $0 }) ?? true {
        if values.count == maxGroups {
          next = token
          break
        }
        guard let index = directory.groupIndex(idOrNickname: change.groupId) else {
          values.append(
            .object([("id", .string(change.groupId)), ("@removed", .object([("reason", .string("changed"))]))]))
          token.after = change.groupId
          continue
        }
        var members: [JSONValue]?
        if token.tracksMembers {
          members =
            membersVisible(index)
            ? change.members.map { member in
              var fields: [(String, JSONValue)] = [("@odata.type", .string(member.type)), ("id", .string(member.id))]
              if member.removed { fields.append(("@removed", .object([("reason", .string("deleted"))]))) }
              return .object(fields)
            } : []
        }
        values.append(render(index, members: members))
        token.after = change.groupId
      }
      if next != nil { next?.after = token.after }
    }
    if let next { return groupDeltaPage(request, values: values, next: next, deltaLink: nil) }
    var final = token
    final.kind = "d"
    final.from = token.through
    final.after = nil
    final.partial = nil
    final.memberOffset = 0
    final.issued = tenant.now.timeIntervalSince1970
    return groupDeltaPage(request, values: values, next: nil, deltaLink: final)
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
    let select = (next ?? deltaLink)?.select.map { "(\($0))" } ?? ""
    var body: [(String, JSONValue)] = [("@odata.context", .string("\(request.base)/v1.0/$metadata#groups\(select)"))]
    if let next {
      body.append(("@odata.nextLink", .string("\(request.base)/v1.0/groups/delta?$skiptoken=\(next.encoded)")))
    }
    if let deltaLink {
      body.append(("@odata.deltaLink", .string("\(request.base)/v1.0/groups/delta?$deltatoken=\(deltaLink.encoded)")))
    }
    body.append(("value", .array(values)))
    return ok(.object(body), request)
  }
}
