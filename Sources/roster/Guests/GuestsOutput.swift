import Foundation
import Graph
import RosterCore

/// Renders `roster guests --inactive` page by page through `ListStream`: a table (name, mail,
/// state, invited, last sign-in, sponsors) whose columns are measured on the first page, JSON
/// with Graph's property names, or CSV. Text was cleaned where decoded.
enum GuestsOutput {
  static let headers = ["Name", "Mail", "State", "Invited", "Last sign-in", "Sponsors"]

  /// Name, mail and sponsors narrow for the terminal; the dates and state keep their width.
  static func layout(now: Date) -> ListLayout<InactiveGuest> {
    ListLayout(
      headers: headers, cells: { row($0, now: now) }, shrinkable: [0, 1, 5], addressColumn: 1,
      json: { try PeopleOutput.json(Row($0)) }, csvHeader: Row.header, csvFields: { Row($0).fields },
      headerWhenEmpty: true)
  }

  static func row(_ guest: InactiveGuest, now: Date) -> [String] {
    [
      guest.displayName?.string ?? "(no name)", (guest.mail ?? guest.userPrincipalName)?.string ?? "",
      state(guest.externalUserState?.string), guest.createdDateTime.map(day) ?? "unknown",
      guest.lastSeen.map { "\(day($0)) (\(age($0, now: now)))" } ?? "never", sponsors(guest.sponsors),
    ]
  }

  static func state(_ value: String?) -> String {
    switch value?.lowercased() {
    case "pendingacceptance": return "pending"
    case "accepted": return "accepted"
    case let other?: return other
    case nil: return "unknown"
    }
  }

  static func day(_ date: Date) -> String { date.formatted(.iso8601.year().month().day()) }

  static func age(_ date: Date, now: Date) -> String {
    let days = max(Int(now.timeIntervalSince(date) / 86_400), 0)
    return "\(days) day\(days == 1 ? "" : "s") ago"
  }

  /// "unknown" when unread, "none", else each: a group marked so, a disabled person "(left)".
  static func sponsors(_ sponsors: [InactiveGuest.Sponsor]?) -> String {
    guard let sponsors else { return "unknown" }
    guard !sponsors.isEmpty else { return "none" }
    return sponsors.map { sponsor in
      let name = sponsor.displayName?.string ?? sponsor.mail?.string ?? sponsor.id
      if sponsor.isGroup { return "\(name) (group)" }
      return sponsor.accountEnabled == false ? "\(name) (left)" : name
    }.joined(separator: ", ")
  }

  /// One guest for scripts: Graph's names, `signInActivity` with its two dates, `sponsors` null when unread.
  struct Row: Encodable {
    var guest: InactiveGuest

    init(_ guest: InactiveGuest) { self.guest = guest }

    enum CodingKeys: String, CodingKey {
      case id, displayName, mail, userPrincipalName, externalUserState, externalUserStateChangeDateTime
      case createdDateTime, signInActivity, sponsors
    }

    struct Activity: Encodable {
      var lastSignInDateTime: String?
      var lastNonInteractiveSignInDateTime: String?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lastSignInDateTime, forKey: .lastSignInDateTime)
        try container.encode(lastNonInteractiveSignInDateTime, forKey: .lastNonInteractiveSignInDateTime)
      }
      enum CodingKeys: String, CodingKey { case lastSignInDateTime, lastNonInteractiveSignInDateTime }
    }

    struct Sponsor: Encodable {
      var sponsor: InactiveGuest.Sponsor
      enum CodingKeys: String, CodingKey {
        case odataType = "@odata.type"
        case id, displayName, mail, userPrincipalName, accountEnabled
      }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(
          sponsor.isGroup ? "#microsoft.graph.group" : "#microsoft.graph.user", forKey: .odataType)
        try container.encode(sponsor.id, forKey: .id)
        try container.encode(sponsor.displayName?.string, forKey: .displayName)
        try container.encode(sponsor.mail?.string, forKey: .mail)
        try container.encode(sponsor.userPrincipalName?.string, forKey: .userPrincipalName)
        try container.encode(sponsor.accountEnabled, forKey: .accountEnabled)
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(CleanText(guest.id).string, forKey: .id)
      try container.encode(guest.displayName?.string, forKey: .displayName)
      try container.encode(guest.mail?.string, forKey: .mail)
      try container.encode(guest.userPrincipalName?.string, forKey: .userPrincipalName)
      try container.encode(guest.externalUserState?.string, forKey: .externalUserState)
      try container.encode(
        guest.externalUserStateChangeDateTime?.formatted(.iso8601), forKey: .externalUserStateChangeDateTime)
      try container.encode(guest.createdDateTime?.formatted(.iso8601), forKey: .createdDateTime)
      try container.encode(
        Activity(
          lastSignInDateTime: guest.lastSignInDateTime?.formatted(.iso8601),
          lastNonInteractiveSignInDateTime: guest.lastNonInteractiveSignInDateTime?.formatted(.iso8601)),
        forKey: .signInActivity)
      try container.encode(guest.sponsors?.map(Sponsor.init), forKey: .sponsors)
    }

    static let header = [
      "displayName", "mail", "externalUserState", "createdDateTime", "lastSignInDateTime",
      "lastNonInteractiveSignInDateTime", "sponsors", "id",
    ]

    /// Sponsors by mail (else name) joined by `;`; empty when none, `unknown` when unread.
    var fields: [String] {
      [
        guest.displayName?.string ?? "", guest.mail?.string ?? "", guest.externalUserState?.string ?? "",
        guest.createdDateTime?.formatted(.iso8601) ?? "", guest.lastSignInDateTime?.formatted(.iso8601) ?? "",
        guest.lastNonInteractiveSignInDateTime?.formatted(.iso8601) ?? "",
        guest.sponsors.map { $0.map { ($0.mail ?? $0.displayName)?.string ?? $0.id }.joined(separator: ";") }
          ?? "unknown",
        CleanText(guest.id).string,
      ]
    }
  }
}
