import Foundation
import RosterCore

/// The registration report's requests. Administrators first: Graph's `$filter` takes `isAdmin eq`
/// (resources/userregistrationdetails), so the privileged accounts without MFA are one query that
/// ends early and the rest a second; nothing is sorted on the client, so the first page prints
/// while the others are still coming, whatever the tenant's size.
struct GraphRegistrationReport: Sendable {
  typealias OnRetry = @Sendable (RetryNotice) -> Void
  let directory: GraphDirectory

  /// `isMfaRegistered eq false` for administrators (`true`) or the others (`false`), with the
  /// audience's `userType` clause.
  static func filter(admins: Bool, audience: RegistrationAudience) -> String {
    (["isAdmin eq \(admins)", "isMfaRegistered eq false"] + [audience.userTypeClause].compactMap { $0 })
      .joined(separator: " and ")
  }

  /// The report's path with the filter; no `$top`: the list page documents only `$filter` and
  /// `$orderBy`, so Graph's own page size is taken (PROTOCOL.md "Who has no MFA").
  static func path(admins: Bool, audience: RegistrationAudience) -> String {
    "/reports/authenticationMethods/userRegistrationDetails?"
      + ODataText.queryString([("$filter", filter(admins: admins, audience: audience))])
  }

  func missingMFA(
    _ audience: RegistrationAudience, onPage: @escaping RegistrationReportClient.OnPage, onRetry: @escaping OnRetry
  ) async throws(DirectoryError) -> Int {
    var count = 0
    for admins in [true, false] {
      try await directory.everyPage(
        from: try directory.url(Self.path(admins: admins, audience: audience)),
        maxPages: RegistrationReportClient.maxPages, limit: .fail(what: "registration report rows"),
        fetch: { url throws(DirectoryError) in try await fetch(url, onRetry: onRetry) },
        read: { body throws(DirectoryError) in
          let page = try RegistrationDecoding.page(body)
          // Graph answered the filter; a row it should not have sent is not listed as missing MFA.
          let rows = page.entries.filter { $0.isMfaRegistered != true }
          count += rows.count
          if !rows.isEmpty { onPage(rows) }
          return page.nextLink
        })
    }
    return count
  }

  private func fetch(_ url: URL, onRetry: @escaping OnRetry) async throws(DirectoryError) -> Data {
    do {
      return try await directory.executor.get(url, permission: "AuditLog.Read.All", onRetry: onRetry).body
    } catch .permissionDenied(let text) {
      throw .permissionDenied(Self.refusal(graphSaid: text))
    }
  }

  /// Graph's 403 in words: the licence when Graph said so, else the role (the command asks only
  /// with AuditLog.Read.All held, so a 403 is the role or the licence).
  static func refusal(graphSaid text: String) -> String {
    let needs = HealthPart.mfa.requirement.explanation
    if text == HealthRequirement.premiumRefusal {
      return "The MFA registration report needs Entra ID P1 — Microsoft Graph said the tenant has no premium licence "
        + "(it \(needs))."
    }
    return "The MFA registration report: Microsoft Graph refused this — most likely the signed-in person holds no "
      + "directory role such as Reports Reader (it \(needs))."
  }
}
