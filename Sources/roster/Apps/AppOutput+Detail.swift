import Foundation
import RosterCore

extension AppOutput {
  /// `roster apps show`: the pane's facts as labelled lines (kind, client id, who may sign in or
  /// the enterprise app's type, state and home organisation, created), its secrets and
  /// certificates soonest first with their end and days left in words, what it may do, its
  /// owners, and the app's other half. What the source does not keep is said, not left out.
  static func detail(_ detail: AnyAppDetail, tenantId: String?, now: Date) -> String {
    switch detail {
    case .registration(let detail): return lines(detail, tenantId: tenantId, now: now)
    case .enterprise(let detail): return lines(detail, tenantId: tenantId, now: now)
    }
  }

  static func json(_ detail: AnyAppDetail) throws -> String {
    switch detail {
    case .registration(let detail): return try json(detail, AnyApp.registration(detail.app))
    case .enterprise(let detail): return try json(detail, AnyApp.enterprise(detail.app))
    }
  }

  private static func lines<Flavor>(_ detail: AppDetail<Flavor>, tenantId: String?, now: Date) -> String {
    let app = detail.app
    let enterprise = Flavor.kind == .enterpriseApp
    var fields: [(String, String?)] = [("Kind", enterprise ? "enterprise app" : "app registration")]
    fields.append(("App id", app.appId.map { CleanText($0).string }))
    if enterprise {
      fields.append(("Type", app.servicePrincipalType?.string))
      fields.append(("Enabled", app.accountEnabled.map { $0 ? "yes" : "no: people cannot sign in" }))
      fields.append(("Home organisation", home(app, tenantId: tenantId)))
    } else {
      fields.append(("Audience", app.audience))
      fields.append(("Created", app.createdDateTime.map { HealthText.stamp($0, now: now) }))
    }
    fields.append(("Object id", CleanText(app.id).string))
    var lines = [app.displayName.string] + LabelledFields.lines(fields)
    let credentials = app.credentials
    lines += ["", "Credentials (\(credentials.count))"]
    lines += credentials.isEmpty ? ["  none"] : credentials.map { credential($0, now: now) }
    lines.append("")
    if let permissions = detail.permissions {
      lines.append("May do (\(permissions.count))")
      lines += permissions.isEmpty ? ["  nothing granted"] : permissions.map { "  " + $0.words }
    } else {
      lines.append("May do: " + (detail.fromIndex ? "not kept in the local index" : "unknown (Graph did not list it)"))
    }
    lines.append("")
    if let owners = detail.owners {
      lines.append("Owners (\(owners.count))")
      lines += owners.isEmpty ? ["  none"] : owners.map { "  " + AppOutput.owners([$0], offline: false) }
      if detail.hiddenFromAddressList > 0 {
        lines.append("  \(detail.hiddenFromAddressList) hidden from the address list, not named.")
      }
    } else {
      lines.append(
        "Owners: " + (detail.fromIndex ? "not kept in the local index" : "unknown (Graph did not list them)"))
    }
    lines += ["", counterpart(detail)]
    return lines.joined(separator: "\n") + "\n"
  }

  /// "secret CI: ends 2026-12-31, expires in 12 days".
  private static func credential(_ due: AppCredentialDue, now: Date) -> String {
    let name = due.name.map { " " + $0.string } ?? ""
    return
      "  \(due.kind.rawValue)\(name): ends \(day(due.endDateTime)), \(ExpiryWords.phrase(due.endDateTime, now: now))"
  }

  /// "this organisation" or the other organisation's tenant id.
  private static func home<Flavor>(_ app: AppObject<Flavor>, tenantId: String?) -> String? {
    guard let owner = app.appOwnerOrganizationId.map({ CleanText($0).string }) else { return nil }
    switch app.isOwnApp(tenantId: tenantId) {
    case true?: return "this organisation"
    case false?: return "another organisation (" + owner + ")"
    case nil: return owner
    }
  }

  /// "Enterprise app: Payroll API (id …)", "Enterprise app: none in this tenant", "…: not known".
  private static func counterpart<Flavor>(_ detail: AppDetail<Flavor>) -> String {
    let label = Flavor.Counterpart.kind == .enterpriseApp ? "Enterprise app" : "App registration"
    switch detail.counterpart {
    case .found(let other): return "\(label): \(other.displayName.string) (id \(CleanText(other.id).string))"
    case .none:
      return label + ": none in this tenant"
        + (Flavor.kind == .app ? " (nobody consented to it here yet)" : " (registered in another organisation)")
    case .unknown: return label + ": " + (detail.fromIndex ? "not kept in the local index" : "not known")
    }
  }

  /// The app as Graph names it with `@odata.type`, plus `owners` (null when not known).
  private static func json<Flavor>(_ detail: AppDetail<Flavor>, _ app: AnyApp) throws -> String {
    var shape = app.json
    shape.extra = { encoder in
      var container = encoder.container(keyedBy: OwnerKeys.self)
      try container.encode(detail.owners?.map(OwnerJSON.init), forKey: .owners)
    }
    return try PeopleOutput.json(shape, isoDates: true)
  }

  private enum OwnerKeys: String, CodingKey { case owners }

  /// An owner as Graph's `owners/microsoft.graph.user` lists one: the fields read.
  private struct OwnerJSON: Encodable {
    var person: Person
    enum Keys: String, CodingKey { case id, displayName, mail, userPrincipalName }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(CleanText(person.id).string, forKey: .id)
      try container.encode(person.displayName?.string, forKey: .displayName)
      try container.encode(person.mail?.string, forKey: .mail)
      try container.encode(person.userPrincipalName?.string, forKey: .userPrincipalName)
    }
  }
}
