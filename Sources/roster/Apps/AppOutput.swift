import Foundation
import RosterCore

/// Renders `roster apps search` in the formats the other kinds use: a table fitted to the
/// terminal, JSON with Graph's property names (each app as Graph names it plus `@odata.type`), or
/// RFC 4180 CSV. Both kinds are listed, app registrations first, each row saying which. Text
/// fields are `CleanText` already; ids are cleaned where `AnyApp` reads them.
enum AppOutput {
  static func render(_ apps: [AnyApp], as format: OutputFormat, now: Date = Date()) throws -> String {
    switch format {
    case .json: return try PeopleOutput.json(apps.map(\.json), isoDates: true)
    case .csv:
      return TextTable.csv(
        ["@odata.type", "id", "appId", "displayName", "soonestEndDateTime"],
        apps.map { app in
          [app.odataType, app.id, app.appId ?? "", app.displayName.string, iso(app.credentials.first?.endDateTime)]
        })
    case .table(let width):
      let rows = apps.map { app in
        [app.displayName.string, app.noun, app.appId ?? "", soonest(app, now: now)]
      }
      return TextTable.render(["Name", "Kind", "App id", "Soonest credential"], rows, width: width, keepEmpty: true)
    }
  }

  /// "secret expires in 12 days", "no secrets or certificates".
  static func soonest(_ app: AnyApp, now: Date) -> String {
    guard let first = app.credentials.first else { return "no secrets or certificates" }
    return first.kind.rawValue + " " + ExpiryWords.phrase(first.endDateTime, now: now)
  }

  /// "2026-12-31T08:19:06Z", as Graph writes `endDateTime`.
  static func iso(_ date: Date?) -> String { date.map(UTCDateText.instant) ?? "" }

  /// "2026-12-31": the day a credential ends, in UTC as `ExpiryWords` counts.
  static func day(_ date: Date?) -> String { date.map(UTCDateText.day) ?? "never" }

  /// "Ada Lovelace <ada@contoso.com>; …", "none", or what the source could not say.
  static func owners(_ people: [Person]?, offline: Bool) -> String {
    guard let people else { return offline ? "not kept offline" : "unknown" }
    if people.isEmpty { return "none" }
    return people.map { person in
      let address = (person.mail ?? person.userPrincipalName)?.string
      return PeopleOutput.displayName(person) + (address.map { " <\($0)>" } ?? "")
    }.joined(separator: "; ")
  }
}
