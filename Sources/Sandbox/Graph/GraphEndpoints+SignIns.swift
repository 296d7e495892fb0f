import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /auditLogs/signIns` with Graph's rules (signin-list; issue 33): AuditLog.Read.All and
/// Directory.Read.All, a reports directory role, a P1 tenant (`SandboxConfiguration.premium`);
/// `$filter` only in the forms Graph accepts here (`userId eq`, `status/errorCode eq|ne`,
/// `createdDateTime ge|gt|le|lt`, joined by `and`), `$top` up to 1,000 (the default), newest
/// first, nothing older than 30 days; without `userId`, the whole tenant's log. Histories are generated per user from the seed, with real AADSTS
/// codes and hostile strings in the fields clients print.
extension GraphEndpoints {
  static let signInPageMax = 1_000
  static let signInRetentionDays = 30
  /// The tenant-wide log is made from at most this many people (in directory order): a million
  /// generated people's histories would be twenty million entries made for every page.
  static let signInLogPeopleMax = 20_000

  func signIns(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.permissions.contains("AuditLog.Read.All"), caller.permissions.contains("Directory.Read.All") else {
      throw .accessDenied
    }
    try checkReportsRole(caller)
    try checkPremium()
    if let refusal = reportsThrottle(request, caller: caller) { return refusal }
    let query = request.query
    let top = try Self.signInTop(query["$top"])
    let filter = try SignInFilter(query["$filter"])
    let now = tenant.now
    // `userId` is the object id: a user name matches no sign-in, as in Graph. Without it, the
    // tenant's log: everyone's sign-ins, newest first (signin-list).
    let users: [DirectoryUser]
    if let id = filter.userId {
      users = tenant.directory.user(idOrUPN: id).flatMap { $0.id == id ? [$0] : nil } ?? []
    } else {
      users = Array(tenant.directory.users.prefix(Self.signInLogPeopleMax))
    }
    // Added sign-ins (`POST /_sandbox/signins`): the one person's, or everyone's.
    let scope: String? = filter.userId == nil ? nil : (users.first?.id ?? "")
    let injected = tenant.injectedSignIns.entries(for: scope, now: now)
    var all = (users.flatMap { SignInHistory.entries(for: $0, seed: tenant.configuration.seed, now: now) } + injected)
      .filter(filter.matches)
    if users.count > 1 || !injected.isEmpty { all.sort { ($0.time, $0.id) > ($1.time, $1.id) } }
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    let page = all.dropFirst(offset).prefix(top)
    var body: [(String, JSONValue)] = [
      ("@odata.context", .string("\(request.base)/v1.0/$metadata#auditLogs/signIns"))
    ]
    if offset + page.count < all.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    body.append(("value", .array(page.map(\.json))))
    return ok(.object(body), request)
  }

  static func signInTop(_ text: String?) throws(GraphError) -> Int {
    guard let text else { return signInPageMax }
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (1...signInPageMax).contains(value) else {
      throw GraphError(status: 400, code: "BadRequest", message: "Invalid value '\(text)' for $top.")
    }
    return value
  }
}

/// The `$filter` forms Graph accepts on sign-ins, parsed strictly; anything else is the 400
/// Graph answers ("Invalid filter clause").
struct SignInFilter {
  var userId: String?
  var errorCode: (equal: Bool, value: Int)?
  var from: Date?
  var until: Date?

  init(_ text: String?) throws(GraphError) {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    for clause in text.components(separatedBy: " and ") {
      let words = clause.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2).map(String.init)
      guard words.count == 3 else { throw Self.invalid }
      switch (words[0].lowercased(), words[1].lowercased()) {
      case ("userid", "eq"):
        guard words[2].hasPrefix("'"), words[2].hasSuffix("'"), words[2].count >= 2 else { throw Self.invalid }
        userId = String(words[2].dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
      case ("status/errorcode", let op) where op == "eq" || op == "ne":
        guard let value = Int(words[2]) else { throw Self.invalid }
        errorCode = (op == "eq", value)
      case ("createddatetime", let op) where ["ge", "gt", "le", "lt"].contains(op):
        guard let date = try? Date(words[2], strategy: .iso8601) else { throw Self.invalid }
        // Sign-in times are whole seconds, so `gt t` is `ge` the next whole second after t and
        // `lt t` is `le` the last whole second before it.
        let seconds = date.timeIntervalSince1970
        switch op {
        case "ge": from = max(from ?? date, date)
        case "gt":
          let next = Date(timeIntervalSince1970: seconds.rounded(.down) + 1)
          from = max(from ?? next, next)
        case "le": until = min(until ?? date, date)
        default:
          let previous = Date(timeIntervalSince1970: seconds.rounded(.up) - 1)
          until = min(until ?? previous, previous)
        }
      default:
        throw Self.invalid
      }
    }
  }

  static let invalid = GraphError(status: 400, code: "BadRequest", message: "Invalid filter clause")

  func matches(_ entry: SignInHistory.Entry) -> Bool {
    if let errorCode, (entry.errorCode == errorCode.value) != errorCode.equal { return false }
    if let from, entry.time < from { return false }
    if let until, entry.time > until { return false }
    return true
  }
}
