import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /reports/authenticationMethods/userRegistrationDetails`, the whole tenant's registration
/// report (learn.microsoft.com/graph/api/authenticationmethodsroot-list-userregistrationdetails):
/// the same gate as one person's (AuditLog.Read.All, a reports role, P1), `$filter` with `eq` on
/// the report's booleans and `userType` joined by `and` (resources/userregistrationdetails marks
/// them "Supports $filter (eq)"), `$orderby` on the two names, `$top` and `@odata.nextLink`.
/// People are read one by one and only as far as the page needs, so a million generated
/// people cost no more than a page unless the list is sorted.
extension GraphEndpoints {
  func listRegistrationDetails(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.permissions.contains("AuditLog.Read.All") else { throw .accessDenied }
    try checkReportsRole(caller)
    try checkPremium()
    let query = request.query
    let top = try pageSize(query["$top"])
    let filter = try RegistrationFilter(query["$filter"])
    let order = try RegistrationFilter.order(query["$orderby"])
    var offset = 0
    var resume: Int?
    if let token = query["$skiptoken"] {
      let position = try Self.position(fromSkipToken: token)
      offset = position.offset
      resume = position.after.flatMap { Int($0) }
    }
    let reports = tenant.directory.users.lazy.map { self.facts($0).registrationDetails() }.filter(filter.matches)
    var window: [JSONValue]
    var nextIndex: Int?
    if let order {
      window = Array(reports.sorted(by: order).dropFirst(offset).prefix(top + 1))
    } else {
      // Unsorted pages resume where the last one stopped (the index of the next match, kept in
      // the token), so page 500 of 200,000 people costs what page 1 does (issue 43 item 3).
      (window, nextIndex) = scanRegistrations(from: resume ?? 0, top: top, filter: filter)
    }
    var body: [(String, JSONValue)] = [
      (
        "@odata.context",
        .string("\(request.base)/v1.0/$metadata#reports/authenticationMethods/userRegistrationDetails")
      )
    ]
    if window.count > top {
      let token = Self.skipToken(offset: offset + top, after: nextIndex.map(String.init))
      body.append(("@odata.nextLink", .string(nextLink(request, skipToken: token))))
    }
    body.append(("value", .array(Array(window.prefix(top)))))
    return ok(.object(body), request)
  }

  /// Up to `top + 1` matching rows from directory index `start`, and the index of the extra one
  /// (where the next page starts), if any.
  private func scanRegistrations(from start: Int, top: Int, filter: RegistrationFilter) -> ([JSONValue], Int?) {
    let users = tenant.directory.users
    var rows: [JSONValue] = []
    var index = max(start, 0)
    while index < users.count {
      let report = facts(users[index]).registrationDetails()
      if filter.matches(report) {
        rows.append(report)
        if rows.count > top { return (rows, index) }
      }
      index += 1
    }
    return (rows, nil)
  }
}

/// The `$filter` forms the registration report takes, parsed strictly: `name eq value` clauses
/// joined by `and`; anything else is Graph's 400 "Invalid filter clause".
struct RegistrationFilter {
  /// Properties that take `eq`, as the report's resource page marks them.
  static let booleans = [
    "isAdmin", "isMfaCapable", "isMfaRegistered", "isPasswordlessCapable", "isSsprCapable", "isSsprEnabled",
    "isSsprRegistered", "isSystemPreferredAuthenticationMethodEnabled",
  ]

  var clauses: [(name: String, value: JSONValue)] = []

  init(_ text: String?) throws(GraphError) {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    for clause in text.components(separatedBy: " and ") {
      let words = clause.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2).map(String.init)
      guard words.count == 3, words[1].lowercased() == "eq" else { throw SignInFilter.invalid }
      let name = words[0].lowercased()
      if let boolean = Self.booleans.first(where: { $0.lowercased() == name }) {
        switch words[2].lowercased() {
        case "true": clauses.append((boolean, .bool(true)))
        case "false": clauses.append((boolean, .bool(false)))
        default: throw SignInFilter.invalid
        }
      } else if name == "usertype", words[2].count >= 2, words[2].hasPrefix("'"), words[2].hasSuffix("'") {
        // Graph's enum takes `member` and `guest`; compared without regard to case.
        let value = words[2].dropFirst().dropLast().lowercased()
        guard value == "member" || value == "guest" else { throw SignInFilter.invalid }
        clauses.append(("userType", .string(value)))
      } else {
        throw SignInFilter.invalid
      }
    }
  }

  func matches(_ report: JSONValue) -> Bool {
    clauses.allSatisfy { report[$0.name] == $0.value }
  }

  /// `$orderby` on `userPrincipalName` or `userDisplayName`, `asc` (the default) or `desc`.
  static func order(_ text: String?) throws(GraphError) -> ((JSONValue, JSONValue) -> Bool)? {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    let words = text.trimmingCharacters(in: .whitespaces).split(separator: " ").map { $0.lowercased() }
    guard words.count <= 2,
      let field = ["userPrincipalName", "userDisplayName"].first(where: {
        $0.lowercased() == words[0]
      }),
      words.count == 1 || words[1] == "asc" || words[1] == "desc"
    else {
      throw GraphError(status: 400, code: "BadRequest", message: "Invalid $orderby clause: '\(text)'.")
    }
    let descending = words.count == 2 && words[1] == "desc"
    return { left, right in
      let (a, b) = (Self.text(left[field]), Self.text(right[field]))
      return descending ? a > b : a < b
    }
  }

  private static func text(_ value: JSONValue?) -> String {
    if case .string(let text)? = value { return text.lowercased() }
    return ""
  }
}
