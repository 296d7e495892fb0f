import Foundation
import RosterCore

/// The deleted-items requests: one list per kind and the audit log's deletions, each failing on
/// its own (a 403 for groups still lists the people; an unreadable audit log leaves deleters unknown).
struct GraphDeleted: Sendable {
  typealias OnRetry = @Sendable (RetryNotice) -> Void
  let directory: GraphDirectory

  static let fields = ["id", "displayName", "userPrincipalName", "mail", "deletedDateTime"]
  static let groupFields = ["id", "displayName", "mail", "deletedDateTime"]

  /// What a part needs, in the words its refusal is explained with (directory-deleteditems-list).
  static func permission(_ kind: DeletedItem.Kind) -> String {
    kind == .person ? "User.Read.All" : "Group.Read.All"
  }
  static func role(_ kind: DeletedItem.Kind) -> String {
    kind == .person ? "User Administrator" : "Groups Administrator"
  }

  func list(_ kinds: [DeletedItem.Kind], name: String?, onRetry: @escaping OnRetry) async -> DeletedListing {
    var items: [DeletedItem] = []
    var failures: [DeletedListing.Failure] = []
    for kind in kinds {
      do {
        items += try await read(kind, name: name, onRetry: onRetry)
      } catch {
        failures.append(.init(kind: kind, error: error, sentence: Self.sentence(kind, error)))
      }
    }
    var known = false
    var note: String?
    if !items.isEmpty {
      do {
        let deleters = try await deleters(kinds: Set(items.map(\.kind)), onRetry: onRetry)
        for index in items.indices { items[index].deletedBy = deleters[items[index].id.lowercased()] }
        known = true
      } catch {
        note = Self.auditSentence(error)
      }
    }
    items.sort { ($0.deletedDateTime ?? .distantPast) > ($1.deletedDateTime ?? .distantPast) }
    return DeletedListing(items: items, failures: failures, deletersKnown: known, auditNote: note)
  }

  /// Every page of one kind, narrowed on Graph's side by `startswith(displayName,'…')`.
  func read(_ kind: DeletedItem.Kind, name: String?, onRetry: @escaping OnRetry) async throws(DirectoryError)
    -> [DeletedItem]
  {
    var query = [
      ("$select", (kind == .person ? Self.fields : Self.groupFields).joined(separator: ",")),
      ("$top", String(DeletedClient.pageSize)),
    ]
    if let name = Self.prefix(name) {
      query.append(("$filter", "startswith(displayName," + ODataText.filterLiteral(name) + ")"))
    }
    let path = "/directory/deletedItems/" + kind.graphType + "?" + ODataText.queryString(query)
    var all: [DeletedItem] = []
    try await directory.everyPage(
      from: try directory.url(path), maxPages: DeletedClient.maxPages, limit: .fail(what: "deleted items"),
      fetch: { url throws(DirectoryError) in
        try await directory.executor.get(url, permission: Self.permission(kind), onRetry: onRetry).body
      },
      read: { body throws(DirectoryError) in
        let page = try DeletedDecoding.items(body, kind: kind)
        all += page.items
        return page.nextLink
      })
    return all
  }

  /// Deleter by target id, from the audit log's "Delete user" / "Delete group" entries.
  func deleters(kinds: Set<DeletedItem.Kind>, onRetry: @escaping OnRetry) async throws(DirectoryError)
    -> [String: DeletedItem.Deleter]
  {
    var found: [String: DeletedItem.Deleter] = [:]
    for kind in DeletedItem.Kind.allCases where kinds.contains(kind) {
      let activity = kind == .person ? "Delete user" : "Delete group"
      let filter = "activityDisplayName eq " + ODataText.filterLiteral(activity)
      let path = "/auditLogs/directoryAudits?" + ODataText.queryString([("$filter", filter)])
      try await directory.everyPage(
        from: try directory.url(path), maxPages: DeletedClient.maxPages, limit: .stop,
        fetch: { url throws(DirectoryError) in
          try await directory.executor.get(
            url, permission: "AuditLog.Read.All and Directory.Read.All", onRetry: onRetry
          ).body
        },
        read: { body throws(DirectoryError) in
          let page = try DeletedDecoding.audits(body)
          for (target, deleter) in page.deleters where found[target] == nil { found[target] = deleter }
          return page.nextLink
        })
    }
    return found
  }

  /// The name as Graph's filter takes it: trimmed, inner runs of spaces made one.
  static func prefix(_ name: String?) -> String? {
    let words = (name ?? "").split(whereSeparator: \.isWhitespace)
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  static func sentence(_ kind: DeletedItem.Kind, _ error: DirectoryError) -> String {
    let what = kind == .person ? "Deleted people" : "Deleted groups"
    if case .permissionDenied = error {
      return "\(what) are not listed: Microsoft Graph refused — reading them needs \(permission(kind)) "
        + "(or Directory.Read.All) and a directory role such as \(role(kind))."
    }
    return "\(what) are not listed."
  }

  static func auditSentence(_ error: DirectoryError) -> String {
    if case .permissionDenied = error {
      return "Who deleted them is unknown: reading the audit log needs AuditLog.Read.All and Directory.Read.All, and a "
        + "role such as Reports Reader."
    }
    return "Who deleted them is unknown: the audit log could not be read."
  }
}
