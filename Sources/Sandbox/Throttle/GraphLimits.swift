import Foundation

/// How strictly the sandbox keeps Microsoft Graph's limits (issue 30; PROTOCOL.md "Graph's limits").
///
/// `.microsoftGraph` (the default) is what a client meets in a real tenant: delta pages of at most
/// 200 objects and 500 directory links whatever `Prefer: odata.maxpagesize` asks, and a budget of
/// resource units per app in each 10-second window, spent by every directory request. `.generous`
/// is the sandbox as it was before: delta pages of up to 999 and no budget, kept only so a
/// benchmark can show what the limits cost.
public struct GraphLimits: Sendable, Equatable {
  /// Objects (users, groups, removals) on one delta page.
  public var deltaObjectsPerPage: Int
  /// Directory links (`members@delta` entries) on one delta page, across all its groups.
  public var deltaLinksPerPage: Int
  /// Whether requests spend resource units and get 429 once the window's budget is spent.
  public var throttles: Bool
  /// Resource units per app in one window; nil takes Graph's figure for the tenant's size
  /// (`ResourceUnitBudget.units(forPeople:)`). Tests set a small one to reach it quickly.
  public var resourceUnitsPerWindow: Int?
  /// Outlook requests (getSchedule) per app and mailbox in 10 minutes: Outlook's 10,000
  /// (throttling-limits, "Outlook service limits"). Tests set a small one to reach it quickly.
  public var mailboxRequestsPerWindow: Int
  /// Requests per app in 10 seconds to the reports API (`/auditLogs/signIns`): Graph's "Five
  /// requests per 10 seconds" per app per tenant (throttling-limits, "Identity and access reports
  /// service limits"). nil: no such limit (test harnesses whose tests read many people's logs).
  public var reportsRequestsPerWindow: Int? = 5

  public init(
    deltaObjectsPerPage: Int, deltaLinksPerPage: Int, throttles: Bool, resourceUnitsPerWindow: Int? = nil,
    mailboxRequestsPerWindow: Int = 10_000
  ) {
    self.deltaObjectsPerPage = deltaObjectsPerPage
    self.deltaLinksPerPage = deltaLinksPerPage
    self.throttles = throttles
    self.resourceUnitsPerWindow = resourceUnitsPerWindow
    self.mailboxRequestsPerWindow = mailboxRequestsPerWindow
  }

  /// Graph's own limits.
  public static let microsoftGraph = GraphLimits(deltaObjectsPerPage: 200, deltaLinksPerPage: 500, throttles: true)
  /// `roster sandbox --generous`: the sandbox before issue 30, for comparison only.
  public static let generous = GraphLimits(deltaObjectsPerPage: 999, deltaLinksPerPage: 1000, throttles: false)

  /// A delta page's size: `Prefer: odata.maxpagesize=N` is honoured below the limit, never above.
  func deltaPageSize(prefer: String?) -> Int {
    guard let prefer else { return deltaObjectsPerPage }
    for part in prefer.split(separator: ",") {
      let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if pair.count == 2, pair[0].lowercased() == "odata.maxpagesize", let size = Int(pair[1]) {
        return min(max(size, 1), deltaObjectsPerPage)
      }
    }
    return deltaObjectsPerPage
  }
}
