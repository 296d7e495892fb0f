import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// `GET /me/people` and `/users/{id | userPrincipalName}/people`: Graph's People API, the people a
/// user works with, most relevant first (`WorkingWith`; PROTOCOL.md "People I work with").
/// Delegated `People.Read` (or `People.Read.All`) for the caller's own list, `People.Read.All` for
/// someone else's; 10 per page unless `$top` says otherwise; paged by `$skip`.
extension GraphEndpoints {
  /// Graph's page when `$top` is absent (people-insights-overview: "By default, each response
  /// returns 10 records").
  static let peopleDefaultPage = 10
  /// The largest page served; people-insights-overview asks for `$top=1000`.
  static let peopleMaxPage = 1000
  /// Another user's list holds their first 50 (microsoft-graph-docs-contrib#3510).
  static let othersPeopleLimit = 50

  func people(
    _ target: DirectoryUser, rest: [String], isSelf: Bool, request: IncomingRequest, caller: GraphCaller
  ) throws(GraphError) -> Response {
    guard rest.count == 1 else { throw .badSegment(rest.last ?? "") }
    let readers: Set<String> = isSelf ? ["People.Read", "People.Read.All"] : ["People.Read.All"]
    guard !caller.permissions.isDisjoint(with: readers) else { throw Self.peopleAccessDenied }
    if let refusal = peopleThrottle(request, caller: caller, mailbox: target) { return refusal }
    let query = request.query
    let properties = try PersonQuery.selected(query["$select"])
    let clauses = try PersonQuery.filter(query["$filter"])
    let top = try Self.peopleNumber(query["$top"], name: "$top", minimum: 1)
    let skip = try Self.peopleNumber(query["$skip"], name: "$skip", minimum: 0) ?? 0
    var entries = peopleEntries(of: target, isSelf: isSelf).filter { PersonQuery.matches($0, clauses) }
    if let search = query["$search"] {
      guard isSelf else { throw Self.peopleQueryRefused("$search only searches the signed-in user's people.") }
      guard query["$skip"] == nil else { throw Self.peopleQueryRefused("$skip is not supported with $search.") }
      entries = entries.filter { PersonQuery.matches($0, search: search) }
    }
    if let orderby = query["$orderby"] { entries = try PersonQuery.ordered(entries, by: orderby) }
    let size = min(top ?? Self.peopleDefaultPage, Self.peopleMaxPage)
    let page = entries.dropFirst(skip).prefix(size)
    var body: [(String, JSONValue)] = [
      ("@odata.context", .string("\(request.base)/v1.0/$metadata#users('\(target.id)')/people"))
    ]
    // Without `$top`, Graph's link repeats the page's own `$skip` (a known fault that loops a
    // client following it); with `$top` it moves on by `$top`.
    if top == nil {
      body.append(("@odata.nextLink", .string(Self.peopleNextLink(request, skip: skip))))
    } else if skip + size < entries.count {
      body.append(("@odata.nextLink", .string(Self.peopleNextLink(request, skip: skip + size))))
    }
    body.append(("value", .array(page.map { $0.render(properties) })))
    return ok(.object(body), request)
  }

  /// The signed-in user's list: their colleagues with three contacts and two groups mixed in.
  /// Someone else's: their first 50 colleagues, nothing private to them.
  private func peopleEntries(of target: DirectoryUser, isSelf: Bool) -> [PersonEntry] {
    let directory = tenant.directory
    let colleagues = directory.peopleWorkingWith(
      target, limit: isSelf ? WorkingWith.defaultLimit : Self.othersPeopleLimit)
    guard isSelf else { return colleagues.enumerated().map { PersonEntry(user: $1, rank: $0) } }
    var outside = OutsidePerson.entries(for: target, domain: tenant.tenantDomain)[...]
    var entries: [PersonEntry] = []
    var people = colleagues[...]
    while !people.isEmpty || !outside.isEmpty {
      let rank = entries.count
      if let next = outside.first, next.position <= rank || people.isEmpty {
        entries.append(PersonEntry(outside: next, rank: rank))
        outside.removeFirst()
      } else if let person = people.popFirst() {
        entries.append(PersonEntry(user: person, rank: rank))
      }
    }
    return entries
  }

  /// The People API is served by Exchange: the sandbox counts it in Outlook's window per app and
  /// mailbox (10,000 requests in 10 minutes), the one getSchedule uses.
  private func peopleThrottle(_ request: IncomingRequest, caller: GraphCaller, mailbox: DirectoryUser) -> Response? {
    let limits = tenant.configuration.limits
    guard limits.throttles,
      let retryAfter = tenant.mailboxLimit.admit(
        app: caller.clientId, mailbox: mailbox.id, limit: limits.mailboxRequestsPerWindow, now: tenant.now)
    else { return nil }
    tenant.stats.record { $0.throttled += 1 }
    var headers = HTTPFields()
    headers[.retryAfter] = String(retryAfter)
    return Self.mailboxThrottled.response(request: request, now: tenant.now, extraHeaders: headers)
  }

  /// `$top` and `$skip`: whole numbers from `minimum`; nil when absent.
  static func peopleNumber(_ text: String?, name: String, minimum: Int) throws(GraphError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= minimum else {
      throw peopleQueryRefused("The value '\(text)' of \(name) is not valid.")
    }
    return value
  }

  /// The request's own URL with `$skip` set, written as Graph writes this link:
  /// `…/me/people?%24top=10&%24skip=10` (microsoft-graph-docs-contrib#658).
  static func peopleNextLink(_ request: IncomingRequest, skip: Int) -> String {
    var parts: [String] = []
    for part in request.rawQuery.split(separator: "&") {
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let decode = { (text: Substring) in
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      let name = decode(pieces[0])
      guard name.lowercased() != "$skip" else { continue }
      parts.append(graphEncoded(name) + "=" + graphEncoded(pieces.count > 1 ? decode(pieces[1]) : ""))
    }
    parts.append("%24skip=\(skip)")
    return "\(request.base)\(request.path)?\(parts.joined(separator: "&"))"
  }

  /// Graph's spelling in these links: `%24` for `$`, `+` for a space, lower-case hex (`%2f`, `%27`).
  static func graphEncoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if (byte < 0x80 && (Character(scalar).isLetter || Character(scalar).isNumber))
        || "-._~".unicodeScalars.contains(scalar)
      {
        result.unicodeScalars.append(scalar)
      } else if byte == 0x20 {
        result += "+"
      } else {
        result += String(format: "%%%02x", byte)
      }
    }
    return result
  }

  /// Outlook's refusal without `People.Read` (microsoft-graph-docs#22095).
  static let peopleAccessDenied = GraphError(
    status: 403, code: "ErrorAccessDenied", message: "Access is denied. Check credentials and try again.")

  static func peopleQueryRefused(_ message: String) -> GraphError {
    GraphError(status: 400, code: "ErrorInvalidUrlQuery", message: message)
  }
}
