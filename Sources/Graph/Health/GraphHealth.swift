import Foundation
import RosterCore
import Transport

/// The account-health requests, one per part, each refused on its own.
struct GraphHealth: Sendable {
  typealias OnRetry = @Sendable (RetryNotice) -> Void
  let directory: GraphDirectory

  static let stateFields = [
    "accountEnabled", "createdDateTime", "userType", "externalUserState", "externalUserStateChangeDateTime",
    "onPremisesSyncEnabled", "onPremisesLastSyncDateTime", "employeeId", "usageLocation",
  ]
  static let deviceFields = [
    "id", "displayName", "operatingSystem", "operatingSystemVersion", "isCompliant", "isManaged",
    "approximateLastSignInDateTime",
  ]

  func accountState(_ id: String, onRetry: @escaping OnRetry) async throws(DirectoryError) -> AccountState {
    let query = ODataText.queryString([("$select", Self.stateFields.joined(separator: ","))])
    return try HealthDecoding.accountState(try await get(.state, Self.user(id) + "?" + query, onRetry))
  }

  /// By object id only: Graph answers `signInActivity` by user principal name with a 400.
  func lastSignIn(_ id: String, onRetry: @escaping OnRetry) async throws(DirectoryError) -> LastSignIn {
    let query = ODataText.queryString([("$select", "id,signInActivity")])
    return try HealthDecoding.lastSignIn(try await get(.lastSignIn, Self.user(id) + "?" + query, onRetry))
  }

  func mfa(_ id: String, onRetry: @escaping OnRetry) async throws(DirectoryError) -> MFARegistration {
    let path = "/reports/authenticationMethods/userRegistrationDetails/" + PercentEncoding.encode(id)
    return try HealthDecoding.registration(try await get(.mfa, path, onRetry))
  }

  func licences(_ id: String, onRetry: @escaping OnRetry) async throws(DirectoryError) -> [Licence] {
    let query = ODataText.queryString([("$select", "skuId,skuPartNumber")])
    var all: [Licence] = []
    try await pages(.licences, Self.user(id) + "/licenseDetails?" + query, maxPages: HealthClient.maxListPages, onRetry)
    { body throws(DirectoryError) in
      let page = try HealthDecoding.licences(body)
      all += page.licences
      return page.nextLink
    }
    return all
  }

  /// Registered, then owned; a device in both lists is listed once, as `.both`.
  func devices(_ id: String, onRetry: @escaping OnRetry) async throws(DirectoryError) -> [PersonDevice] {
    let query = ODataText.queryString([("$select", Self.deviceFields.joined(separator: ","))])
    var all: [PersonDevice] = []
    for (relation, path) in [(PersonDevice.Relation.registered, "/registeredDevices"), (.owned, "/ownedDevices")] {
      try await pages(.devices, Self.user(id) + path + "?" + query, maxPages: HealthClient.maxListPages, onRetry) {
        body throws(DirectoryError) in
        let page = try HealthDecoding.devices(body, relation: relation)
        for device in page.devices {
          if let index = all.firstIndex(where: { $0.id.lowercased() == device.id.lowercased() }) {
            if all[index].relation != device.relation { all[index].relation = .both }
          } else {
            all.append(device)
          }
        }
        return page.nextLink
      }
    }
    return all
  }

  /// Newest first (Graph's order), filtered on Graph's side by the forms signin-list accepts.
  func signIns(_ query: SignInQuery, onRetry: @escaping OnRetry) async throws(DirectoryError) -> [SignInLogEntry] {
    let limit = max(query.limit, 1)
    let filter = Self.signInFilter(query)
    // Graph takes no empty `$filter`: the whole tenant's log, unfiltered, asks without one.
    let items =
      (filter.isEmpty ? [] : [("$filter", filter)]) + [("$top", String(min(limit, HealthClient.signInPageSize)))]
    var events: [SignInLogEntry] = []
    var seen: Set<String> = []
    try await pages(
      .signIns, "/auditLogs/signIns?" + ODataText.queryString(items), maxPages: HealthClient.maxSignInPages, onRetry,
      paced: true
    ) { body throws(DirectoryError) in
      let page = try HealthDecoding.signIns(body)
      events += page.events.filter { seen.insert($0.id).inserted }
      return events.count >= limit ? nil : page.nextLink
    }
    return Array(events.prefix(limit))
  }

  /// `userId eq '…'` (none for the tenant's log), then `status/errorCode ne 0` for failures,
  /// `createdDateTime ge …` and `createdDateTime gt …` (what `--follow` polls with).
  static func signInFilter(_ query: SignInQuery) -> String {
    var clauses: [String] = []
    if let user = query.userID { clauses.append("userId eq " + ODataText.filterLiteral(user)) }
    if query.failedOnly { clauses.append("status/errorCode ne 0") }
    if let since = query.since {
      clauses.append("createdDateTime ge " + since.formatted(.iso8601))
    }
    if let after = query.after {
      clauses.append("createdDateTime gt " + after.formatted(.iso8601))
    }
    return clauses.joined(separator: " and ")
  }

  static func user(_ id: String) -> String { "/users/" + PercentEncoding.encode(id) }

  /// One request; a 403 becomes the part's requirement (permission, role, licence), and Graph's
  /// "not premium" refusal says the licence first.
  private func get(_ part: HealthPart, _ pathAndQuery: String, _ onRetry: @escaping OnRetry)
    async throws(DirectoryError) -> Data
  {
    try await fetch(part, try directory.url(pathAndQuery), onRetry)
  }

  private func fetch(_ part: HealthPart, _ url: URL, _ onRetry: @escaping OnRetry) async throws(DirectoryError) -> Data
  {
    let permission = part.requirement.permissions.joined(separator: " and ")
    do {
      return try await directory.executor.get(url, permission: permission, onRetry: onRetry).body
    } catch .permissionDenied(let text) {
      throw .permissionDenied(Self.refusal(part, graphSaid: text))
    }
  }

  static func refusal(_ part: HealthPart, graphSaid text: String) -> String {
    let needs = part.requirement.explanation
    if text == HealthRequirement.premiumRefusal {
      return "\(part.title): needs Entra ID P1 — Microsoft Graph said the tenant has no premium licence (\(needs))."
    }
    // Asked only with the permissions held, so a 403 on a part that needs a role is the role.
    if let role = part.requirement.roles.first {
      return "\(part.title): Microsoft Graph refused this — most likely the signed-in person holds no directory role "
        + "such as \(role) (it \(needs))."
    }
    return "\(part.title): Microsoft Graph refused this; it \(needs)."
  }

  /// `paced`: after `HealthClient.signInBurstPages` pages, one page per `signInPageSpacing`, so
  /// a long read of the tenant's log stays inside the reports API's 5 requests per 10 seconds
  /// (`FollowInterval`) instead of meeting its 429s.
  private func pages(
    _ part: HealthPart, _ pathAndQuery: String, maxPages: Int, _ onRetry: @escaping OnRetry, paced: Bool = false,
    read: (Data) throws(DirectoryError) -> String?
  ) async throws(DirectoryError) {
    var sent = 0
    try await directory.everyPage(
      from: try directory.url(pathAndQuery), maxPages: maxPages, limit: .fail(what: part.title.lowercased()),
      fetch: { url throws(DirectoryError) in
        if paced && sent >= HealthClient.signInBurstPages {
          do { try await directory.executor.sleep(HealthClient.signInPageSpacing) } catch { throw .cancelled }
        }
        sent += 1
        return try await fetch(part, url, onRetry)
      }, read: read)
  }
}
