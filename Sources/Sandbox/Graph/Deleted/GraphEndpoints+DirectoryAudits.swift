import Foundation
import Hummingbird
import SandboxDirectory

/// `GET /auditLogs/directoryAudits`, the deletions only (directoryaudit-list): who deleted a user
/// or group, which `deletedItems` does not say. AuditLog.Read.All and Directory.Read.All and a
/// reports role, as for sign-ins; the log keeps 30 days with Entra ID P1 and 7 without
/// (reference-reports-data-retention), so an older deletion has no entry and its deleter is
/// unknown. `$filter` in the forms a client asks this with: `activityDisplayName eq '…'` and
/// `targetResources/any(t:t/id eq '…')`, joined by `and`; newest first; `$top` up to 1,000.
extension GraphEndpoints {
  func directoryAudits(_ request: IncomingRequest, caller: GraphCaller) throws(GraphError) -> Response {
    guard caller.permissions.contains("AuditLog.Read.All"), caller.permissions.contains("Directory.Read.All") else {
      throw .accessDenied
    }
    try checkReportsRole(caller)
    let query = request.query
    let top = try Self.signInTop(query["$top"])
    let filter = try AuditFilter(query["$filter"])
    let now = tenant.now
    let kept: TimeInterval = (tenant.configuration.premium ? 30 : 7) * 86_400
    let deletions = tenant.recycleBin.items(history: tenant.history, now: now)
      .filter { $0.deletedBy != nil && now.timeIntervalSince($0.deletedDateTime) < kept && filter.matches($0) }
      .map { (date: $0.deletedDateTime, json: Self.auditJSON($0)) }
    // Issue 45's writes, newest first with the deletions (`Writes/WriteAudit`).
    let written = tenant.writes.audits
      .filter {
        now.timeIntervalSince($0.date) < kept
          && filter.matches(activity: $0.activity.rawValue, targetIds: $0.targetIds, date: $0.date)
      }
      .map { (date: $0.date, json: $0.json()) }
    let entries = (written + deletions).sorted { $0.date > $1.date }
    var offset = 0
    if let token = query["$skiptoken"] { offset = try Self.offset(fromSkipToken: token) }
    let page = entries.dropFirst(offset).prefix(top)
    var body: [(String, JSONValue)] = [
      ("@odata.context", .string("\(request.base)/v1.0/$metadata#auditLogs/directoryAudits"))
    ]
    if offset + page.count < entries.count {
      body.append(
        ("@odata.nextLink", .string(nextLink(request, skipToken: Self.skipToken(offset: offset + page.count)))))
    }
    body.append(("value", .array(page.map(\.json))))
    return ok(.object(body), request)
  }

  /// One entry in Graph's shape (directoryaudit resource): the actor under `initiatedBy`, the
  /// deleted object first in `targetResources`.
  static func auditJSON(_ item: DeletedObject) -> JSONValue {
    let initiatedBy: JSONValue
    switch item.deletedBy {
    case .user(let id, let name, let upn):
      initiatedBy = .object([
        ("app", .null),
        (
          "user",
          .object([
            ("id", .string(id)), ("displayName", .string(name)), ("userPrincipalName", .string(upn)),
            ("ipAddress", .string("")),
          ])
        ),
      ])
    case .app(let id, let name):
      initiatedBy = .object([
        ("app", .object([("appId", .null), ("displayName", .string(name)), ("servicePrincipalId", .string(id))])),
        ("user", .null),
      ])
    case nil: initiatedBy = .null
    }
    let upn = item.properties.first { $0.0 == "userPrincipalName" }?.1 ?? .null
    return .object([
      ("id", .string("Directory_" + item.id.replacingOccurrences(of: "-", with: "").prefix(20))),
      ("category", .string(item.kind.auditCategory)), ("correlationId", .string(item.id)),
      ("result", .string("success")), ("resultReason", .string("")),
      ("activityDisplayName", .string(item.kind.activity)),
      ("activityDateTime", .string(dateFormat(item.deletedDateTime) + "Z")),
      ("loggedByService", .string("Core Directory")), ("operationType", .string("Delete")),
      ("initiatedBy", initiatedBy),
      (
        "targetResources",
        .array([
          .object([
            ("id", .string(item.id)), ("displayName", .string(item.displayName)),
            ("type", .string(item.kind.auditType)), ("userPrincipalName", upn), ("modifiedProperties", .array([])),
          ])
        ])
      ),
      ("additionalDetails", .array([])),
    ])
  }
}

/// The directory-audit `$filter` forms answered here, parsed strictly; anything else is 400.
struct AuditFilter {
  var activity: String?
  var targetId: String?
  /// `activityDateTime ge|gt|le|lt <instant>` (issue 45), inclusive or not.
  var after: (date: Date, inclusive: Bool)?
  var before: (date: Date, inclusive: Bool)?

  init(_ text: String?) throws(GraphError) {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    for clause in text.components(separatedBy: " and ") {
      let trimmed = clause.trimmingCharacters(in: .whitespaces)
      let lower = trimmed.lowercased().replacingOccurrences(of: " ", with: "")
      if lower.hasPrefix("activitydisplaynameeq'"), let value = Self.literal(in: trimmed) {
        activity = value
      } else if lower.hasPrefix("targetresources/any(t:t/ideq'"), lower.hasSuffix("')"),
        let value = Self.literal(in: trimmed)
      {
        targetId = value
      } else if lower.hasPrefix("activitydatetime") {
        try dateClause(trimmed)
      } else {
        throw GraphError(status: 400, code: "BadRequest", message: "Invalid filter clause")
      }
    }
  }

  func matches(_ item: DeletedObject) -> Bool {
    matches(activity: item.kind.activity, targetIds: [item.id], date: item.deletedDateTime)
  }

  func matches(activity name: String, targetIds: [String], date: Date) -> Bool {
    (activity.map { $0.lowercased() == name.lowercased() } ?? true)
      && (targetId.map { id in targetIds.contains { $0.lowercased() == id.lowercased() } } ?? true)
      && (after.map { $0.inclusive ? date >= $0.date : date > $0.date } ?? true)
      && (before.map { $0.inclusive ? date <= $0.date : date < $0.date } ?? true)
  }

  /// `activityDateTime ge 2026-01-01T00:00:00Z` (the instant unquoted, as Graph takes it).
  private mutating func dateClause(_ clause: String) throws(GraphError) {
    let parts = clause.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard parts.count == 3, let date = try? Date(parts[2].trimmingCharacters(in: ["'"]), strategy: .iso8601) else {
      throw GraphError(status: 400, code: "BadRequest", message: "Invalid filter clause")
    }
    switch parts[1].lowercased() {
    case "ge": after = (date, true)
    case "gt": after = (date, false)
    case "le": before = (date, true)
    case "lt": before = (date, false)
    default: throw GraphError(status: 400, code: "BadRequest", message: "Invalid filter clause")
    }
  }

  /// The text between the clause's first and last single quote, doubled quotes undone.
  private static func literal(in clause: String) -> String? {
    guard let open = clause.firstIndex(of: "'"), let close = clause.lastIndex(of: "'"), open < close else { return nil }
    return String(clause[clause.index(after: open)..<close]).replacingOccurrences(of: "''", with: "'")
  }
}
