import Foundation

/// What one Graph request costs in resource units, as Microsoft Graph's throttling-limits page
/// ("Identity and access service limits") prices it: `GET users` 2, `groups/{id}/members` 3,
/// `groups/{id}/transitiveMembers` 5, `me/memberOf` and `me/transitiveMemberOf` 2 (and the same
/// under `users/{id | userPrincipalName}/`), any other identity request 1; `$select` −1,
/// `$expand` +1, `$top` below 20 −1, never below 1.
///
/// Requests outside the identity service cost nothing here, because Graph counts them against
/// other services' limits: photos (Outlook's profile API), presence (cloud communications),
/// places, calendars (Outlook's calendar API) and the People API (`me/people`). A `$batch` costs
/// nothing itself; each request inside it is priced as if sent alone.
enum ResourceUnitCost {
  /// The cost of a request to `/v1.0/…`, or nil when it is not an identity request.
  static func of(_ request: IncomingRequest) -> Int? {
    let segments = request.components.dropFirst().map { $0.lowercased() }
    guard let base = baseCost(Array(segments)) else { return nil }
    let query = request.query
    var cost = base
    if query["$select"] != nil { cost -= 1 }
    if query["$expand"] != nil { cost += 1 }
    if let top = query["$top"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), top < 20 { cost -= 1 }
    return max(cost, 1)
  }

  /// The table's base cost by path; nil for the paths priced by other services.
  static func baseCost(_ segments: [String]) -> Int? {
    guard let first = segments.first else { return 1 }
    switch first {
    case "$batch", "communications", "places": return nil
    case "me", "users":
      // `me/…` and `users/{id}/…` are the same paths to the table.
      let rest = first == "me" ? Array(segments.dropFirst()) : Array(segments.dropFirst(2))
      if first == "users" && segments.count == 1 { return 2 }
      if let relation = rest.first, relation == "photo" || relation == "photos" { return nil }
      // Calendars (getSchedule) are Outlook's, limited per mailbox (`MailboxRequestLimit`).
      if rest.first == "calendar" { return nil }
      // So is the People API (`me/people`): Exchange serves it, under Outlook's limit too.
      if rest.first == "people" { return nil }
      if let relation = rest.first, relation == "memberof" || relation == "transitivememberof" { return 2 }
      return 1
    case "groups" where segments.count >= 3:
      switch segments[2] {
      case "members": return 3
      case "transitivemembers": return 5
      default: return 1
      }
    default: return 1
    }
  }
}
