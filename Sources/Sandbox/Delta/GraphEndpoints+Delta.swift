import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /v1.0/users/delta` as Graph serves it (protocol.md §4.9, PROTOCOL.md "Local index"):
/// the first request (with its `$select`) starts a full round whose pages of up to 200 users
/// (`GraphLimits`; `Prefer: odata.maxpagesize=N` for fewer, never more) are linked by absolute `@odata.nextLink`s with a
/// `$skiptoken`; the last page carries `@odata.deltaLink` with a `$deltatoken`. That link later
/// returns only the users added, changed or removed since, removals as
/// `{"id":…,"@removed":{"reason":"changed"|"deleted"}}`. `$deltatoken=latest` returns no users,
/// only a link from now. A token from another run, malformed or past its lifetime is refused
/// with Graph's `syncStateNotFound`, and the client must start over. `$filter=id eq '…' or id eq
/// '…'` (at most 50 ids, user-delta.md) tracks only those people: one page of them, and a delta
/// link that returns only their changes.
extension GraphEndpoints {
  static let deltaTokenLifetime: TimeInterval = 7 * 86_400

  func userDelta(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.canReadAllBasic else { throw .accessDenied }
    let query = request.query
    let history = tenant.history
    let snapshot = history.current
    if query["$expand"] != nil {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery",
        message: "$expand is not supported on delta queries; select 'manager' to track manager changes.")
    }
    let token: DeltaToken
    if let skip = query["$skiptoken"] {
      token = try decodeToken(skip)
    } else if let delta = query["$deltatoken"] {
      if delta == "latest" {
        var latest = DeltaToken(
          kind: "d", instance: history.instance, from: snapshot.version, through: snapshot.version, after: nil,
          issued: tenant.now.timeIntervalSince1970, select: query["$select"], manager: false)
        latest.manager = try selectsManager(latest.select)
        return deltaPage(request, values: DeltaValues(), next: nil, deltaLink: latest)
      }
      var round = try decodeToken(delta)
      round.kind = "d"
      round.through = snapshot.version
      round.after = nil
      token = round
    } else {
      let select = query["$select"]
      token = DeltaToken(
        kind: "i", instance: history.instance, from: snapshot.version, through: snapshot.version, after: nil,
        issued: tenant.now.timeIntervalSince1970, select: select, manager: try selectsManager(select),
        ids: try query["$filter"].map(Self.filteredIds))
    }
    let properties = try deltaProperties(token.select)
    let writer = UserJSONWriter(properties: properties)
    let pageSize = tenant.configuration.limits.deltaPageSize(prefer: request.header("Prefer"))
    let directory = snapshot.directory
    var values = DeltaValues()
    var lastId: String?
    var lastKey: Int?
    var more = false
    if token.kind == "i", let ids = token.ids {
      // A filtered round: the tracked people as they are, on one page (50 fit in any page).
      for id in ids {
        guard let user = directory.user(idOrUPN: id) else { continue }
        append(user, to: &values, writer: writer, token: token, caller: caller)
      }
    } else if token.kind == "i", directory.isLazilyGenerated {
      // A million computed people: walk their stable keys, never a sorted copy of their ids.
      let page = directory.people(afterKey: token.afterKey, limit: pageSize)
      for user in page.users { append(user, to: &values, writer: writer, token: token, caller: caller) }
      lastKey = page.lastKey
      more = page.more
    } else if token.kind == "i" {
      let ids = snapshot.sortedIds
      var start = 0
      if let after = token.after { start = Self.firstIndex(in: ids, after: after) }
      for id in ids[start...] {
        if values.count == pageSize {
          more = true
          break
        }
        guard let user = directory.user(idOrUPN: id) else { continue }
        append(user, to: &values, writer: writer, token: token, caller: caller)
        lastId = id
      }
    } else {
      guard let changes = history.changes(after: token.from, through: token.through) else {
        throw Self.syncStateNotFound
      }
      let tracked = token.ids.map(Set.init)
      for change in changes where token.after.map({ change.id > $0 }) ?? true {
        if let tracked, !tracked.contains(change.id) { continue }
        if values.count == pageSize {
          more = true
          break
        }
        if let user = directory.user(idOrUPN: change.id) {
          append(user, to: &values, writer: writer, token: token, caller: caller)
        } else {
          values.appendRemoved(id: change.id, reason: change.removal ?? "changed")
        }
        lastId = change.id
      }
    }
    if more {
      var next = token
      next.after = lastId
      next.afterKey = lastKey
      return deltaPage(request, values: values, next: next, deltaLink: nil)
    }
    var final = token
    final.kind = "d"
    final.from = token.through
    final.after = nil
    final.afterKey = nil
    final.issued = tenant.now.timeIntervalSince1970
    return deltaPage(request, values: values, next: nil, deltaLink: final)
  }

  /// Graph's answer for a delta token it holds no state for (expired, from elsewhere, garbled).
  static let syncStateNotFound = GraphError(
    status: 400, code: "syncStateNotFound",
    message: "The sync state generation is not found. The delta token is expired and data must be synchronized again.")

  /// The ids of user delta's one supported filter, `id eq '…'` joined by `or` (user-delta.md:
  /// "The only supported `$filter` expression is for tracking changes on a specific object …
  /// There is a limit of 50 filtered objects"). Anything else is Graph's answer to an unsupported
  /// delta filter, `Request_UnsupportedQuery` "Unsupported Query." (Microsoft Q&A 1090594); the
  /// answer to more than 50 ids is **[not verified]**.
  static func filteredIds(_ filter: String) throws(GraphError) -> [String] {
    let unsupported = GraphError(status: 400, code: "Request_UnsupportedQuery", message: "Unsupported Query.")
    var ids: [String] = []
    var seen: Set<String> = []
    for clause in filter.replacingOccurrences(of: " OR ", with: " or ").components(separatedBy: " or ") {
      let words = clause.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count == 3, words[0].lowercased() == "id", words[1].lowercased() == "eq",
        words[2].count > 2, words[2].hasPrefix("'"), words[2].hasSuffix("'")
      else { throw unsupported }
      let id = String(words[2].dropFirst().dropLast()).lowercased()
      if seen.insert(id).inserted { ids.append(id) }
    }
    guard ids.count <= 50 else {
      throw GraphError(
        status: 400, code: "Request_UnsupportedQuery", message: "The number of filtered objects is limited to 50.")
    }
    return ids
  }

  private func decodeToken(_ text: String) throws(GraphError) -> DeltaToken {
    guard let token = DeltaToken.decode(text), token.instance == tenant.history.instance,
      tenant.now.timeIntervalSince1970 - token.issued <= Self.deltaTokenLifetime
    else { throw Self.syncStateNotFound }
    return token
  }

  private func selectsManager(_ select: String?) throws(GraphError) -> Bool {
    (select ?? "").split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "manager" }
  }

  /// `$select` without `manager` (a navigation property, answered as `manager@delta`).
  private func deltaProperties(_ select: String?) throws(GraphError) -> [String] {
    let plain = select.map {
      $0.split(separator: ",").filter { $0.trimmingCharacters(in: .whitespaces).lowercased() != "manager" }
        .joined(separator: ",")
    }
    do { return try tenant.directory.selectedProperties(plain) } catch { throw GraphError(error) }
  }

  /// The user as the page lists them: the selected properties (null outside the basic profile
  /// for a token without User.Read.All), and `manager@delta` when asked for and readable.
  private func append(
    _ user: DirectoryUser, to values: inout DeltaValues, writer: UserJSONWriter, token: DeltaToken,
    caller: GraphCaller
  ) {
    // Managers are only readable with User.Read.All (protocol.md §4.1); without it the
    // relationship is left out rather than failing the whole sync.
    var managerId: String?
    if token.manager, caller.canReadAllFull || user.id == caller.user.id {
      managerId = tenant.directory.manager(of: user)?.id
    }
    values.startValue()
    writer.append(user, basicProfileOnly: caller.basicProfileOnly(for: user), managerId: managerId, to: &values.bytes)
  }

  /// The page written as bytes (the same text `JSONValue` would give): the values are most of it.
  private func deltaPage(_ request: IncomingRequest, values: DeltaValues, next: DeltaToken?, deltaLink: DeltaToken?)
    -> Response
  {
    let select = (next ?? deltaLink)?.select.map { "(\($0))" } ?? ""
    var body: [UInt8] = []
    body.reserveCapacity(values.bytes.count + 1024)
    body.append(contentsOf: Array(#"{"@odata.context":"#.utf8))
    UserJSONWriter.appendQuoted("\(request.base)/v1.0/$metadata#users\(select)", to: &body)
    if let next {
      body.append(contentsOf: Array(#","@odata.nextLink":"#.utf8))
      UserJSONWriter.appendQuoted("\(request.base)/v1.0/users/delta?$skiptoken=\(next.encoded)", to: &body)
    }
    if let deltaLink {
      body.append(contentsOf: Array(#","@odata.deltaLink":"#.utf8))
      UserJSONWriter.appendQuoted("\(request.base)/v1.0/users/delta?$deltatoken=\(deltaLink.encoded)", to: &body)
    }
    body.append(contentsOf: Array(#","value":["#.utf8))
    body.append(contentsOf: values.bytes)
    body.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "}")])
    var headers = Self.headers(Self.requestIds(request))
    headers[.contentType] = Self.contentType
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
  }

  /// Index of the first id greater than `after` in ascending `ids`.
  static func firstIndex(in ids: [String], after: String) -> Int {
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] <= after { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
