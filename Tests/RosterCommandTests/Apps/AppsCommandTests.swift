import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `roster apps search|show|--expiring` through the built binary against the sandbox's
/// `/applications` and `/servicePrincipals`: both kinds in every answer, Graph's property names,
/// show by object id, appId or name, names not guessed between, the expiry report's rows (a
/// Sign/Verify pair once) and its exit statuses, `--offline`, and `Application.Read.All`.
@Suite(.serialized) struct AppsCommandTests {
  static let appScopes = "openid profile offline_access User.Read User.Read.All Application.Read.All"

  /// Signs `roster` in with `scopes` to a generated sandbox tenant (50 people, seed 1), and hands
  /// the body the tenant as the sandbox serves it.
  static func withRoster(
    scopes: String = appScopes, _ body: (RosterProcess, SandboxHarness, SandboxTenant) async throws -> Void
  ) async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let roster = harness.roster(extra: ["ROSTER_SCOPES": scopes])
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "login: \(login.stderr)")
      try await body(roster, harness, try #require(harness.sandbox.tenant))
    }
  }

  /// An app registration of a name no other app registration has, with an owner in the directory.
  static func owned(_ tenant: SandboxTenant) throws -> SandboxDirectory.RegisteredApplication {
    let apps = tenant.appRegistrations.applications
    return try #require(
      apps.first { app in
        app.ownerIds.count == 1 && tenant.directory.user(idOrUPN: app.ownerIds[0]) != nil
          && apps.filter { $0.displayName == app.displayName }.count == 1 && !app.passwordCredentials.isEmpty
          && app.displayName.allSatisfy { $0.isLetter || $0 == " " }
      })
  }

  /// The credentials the report should list: every secret, and every certificate once per
  /// thumbprint, of both kinds, ending before `end`.
  static func due(_ apps: AppSet, before end: Date) -> Int {
    func certificates(_ keys: [AppKeyCredential]) -> Int {
      Set(keys.filter { $0.endDateTime < end }.map(\.customKeyIdentifier)).count
    }
    return apps.applications.reduce(0) { sum, app in
      sum + app.passwordCredentials.filter { $0.endDateTime < end }.count + certificates(app.keyCredentials)
    } + apps.servicePrincipals.reduce(0) { $0 + certificates($1.keyCredentials) }
  }

  static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

  @Test func searchListsBothKindsInEveryFormat() async throws {
    try await Self.withRoster { roster, _, tenant in
      let app = try Self.owned(tenant)
      let table = try await roster.run(["apps", "search", app.displayName])
      #expect(table.status == 0, "\(table.stderr)")
      let lines = table.stdout.split(separator: "\n").filter { $0.contains(app.appId) }
      #expect(lines.count == 2, "\(table.stdout)")
      #expect(lines.first?.contains(" app ") == true && lines.last?.contains("enterprise app") == true)
      #expect(table.stdout.hasPrefix("Name") && table.stdout.contains("Soonest credential"))

      let rows = try #require(
        try Self.json(try await roster.run(["apps", "search", app.displayName, "--json"]).stdout) as? [[String: Any]])
      let mine = rows.filter { $0["appId"] as? String == app.appId }
      #expect(
        mine.compactMap { $0["@odata.type"] as? String } == [
          "#microsoft.graph.application", "#microsoft.graph.servicePrincipal",
        ])
      #expect(mine.first?["id"] as? String == app.id && mine.first?["displayName"] as? String == app.displayName)
      #expect(mine.first?["passwordCredentials"] is [[String: Any]] && mine.first?["signInAudience"] as? String != nil)

      let csv = try await roster.run(["apps", "search", app.displayName, "--csv"])
      #expect(csv.stdout.hasPrefix("@odata.type,id,appId,displayName,soonestEndDateTime\r\n"), "\(csv.stdout)")

      // A hostile name reaches the terminal cleaned.
      let hostile = try await roster.run(["apps", "search", "RED"])
      #expect(hostile.status == 0 && hostile.stdout.contains("RED") && !hostile.stdout.contains("\u{1B}"))
      let none = try await roster.run(["apps", "search", "zzzznoapp"])
      #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("No app matches"), "\(none.stderr)")
    }
  }

  @Test func showFindsAnAppByIdAppIdOrName() async throws {
    try await Self.withRoster { roster, _, tenant in
      let app = try Self.owned(tenant)
      let owner = try #require(tenant.directory.user(idOrUPN: app.ownerIds[0]))
      let byName = try await roster.run(["apps", "show", app.displayName.lowercased()])
      #expect(byName.status == 0, "\(byName.stderr)")
      #expect(byName.stdout.hasPrefix(app.displayName + "\n"), "\(byName.stdout)")
      for label in ["Kind", "App id", "Audience", "Created", "Object id"] {
        #expect(byName.stdout.contains("\n  \(label) "), "\(label)")
      }
      #expect(byName.stdout.contains("\nCredentials (") && byName.stdout.contains(": ends "), "\(byName.stdout)")
      #expect(byName.stdout.contains("\nOwners (1)\n  \(owner.displayName ?? "-")"), "\(byName.stdout)")
      #expect(byName.stdout.contains("\nEnterprise app: \(app.displayName) (id "), "\(byName.stdout)")
      #expect(try await roster.run(["apps", "show", app.id]).stdout == byName.stdout)
      #expect(try await roster.run(["apps", "show", app.appId]).stdout == byName.stdout)

      let principal = try #require(tenant.appRegistrations.servicePrincipal(appId: app.appId))
      let enterprise = try await roster.run(["apps", "show", principal.id])
      #expect(
        enterprise.status == 0 && enterprise.stdout.contains("Kind               enterprise app"),
        "\(enterprise.stdout)")
      #expect(enterprise.stdout.contains("Home organisation  this organisation"), "\(enterprise.stdout)")

      let json = try #require(
        try Self.json(try await roster.run(["apps", "show", app.id, "--json"]).stdout) as? [String: Any])
      #expect(json["@odata.type"] as? String == "#microsoft.graph.application" && json["appId"] as? String == app.appId)
      #expect((json["passwordCredentials"] as? [[String: Any]])?.count == app.passwordCredentials.count)
      let owners = try #require(json["owners"] as? [[String: Any]])
      #expect(owners.compactMap { $0["id"] as? String } == [owner.id])
    }
  }

  @Test func anUnknownOrSharedNameIsNotGuessed() async throws {
    try await Self.withRoster { roster, _, tenant in
      let missing = try await roster.run(["apps", "show", "no-such-app"])
      #expect(missing.status == 1 && missing.stdout.isEmpty, "\(missing.stderr)")
      #expect(missing.stderr.contains("No app named \u{201C}no-such-app\u{201D} in the tenant."), "\(missing.stderr)")
      #expect(try await roster.run(["apps", "show", UUID().uuidString]).status == 1)

      let shared = try #require(
        Dictionary(grouping: tenant.appRegistrations.applications, by: \.displayName).values.first {
          $0.count >= 2 && $0.count <= 10 && $0[0].displayName.allSatisfy { $0.isLetter || $0 == " " }
        })
      let ambiguous = try await roster.run(["apps", "show", shared[0].displayName])
      #expect(ambiguous.status == 1 && ambiguous.stdout.isEmpty, "\(ambiguous.stderr)")
      #expect(ambiguous.stderr.contains("\(shared.count) apps are named"), "\(ambiguous.stderr)")
      for app in shared { #expect(ambiguous.stderr.contains(app.id), "\(app.id)") }
    }
  }

  @Test func expiringListsEachCredentialOnceWithItsOwners() async throws {
    try await Self.withRoster { roster, _, tenant in
      let json = try await roster.run(["apps", "--expiring", "30d", "--json"])
      #expect(json.status == 11, "\(json.stderr)")
      let rows = try #require(try Self.json(json.stdout) as? [[String: Any]])
      #expect(rows.count == Self.due(tenant.appRegistrations, before: Date().addingTimeInterval(30 * 86_400)))
      let ends = rows.compactMap { ($0["credential"] as? [String: Any])?["endDateTime"] as? String }
      #expect(ends.count == rows.count && ends == ends.sorted(), "soonest first")
      let principalsDue = tenant.appRegistrations.servicePrincipals.contains { principal in
        principal.keyCredentials.contains { $0.endDateTime < Date().addingTimeInterval(30 * 86_400) }
      }
      let kinds = Set(rows.compactMap { $0["@odata.type"] as? String })
      #expect(kinds.contains("#microsoft.graph.application"))
      #expect(kinds.contains("#microsoft.graph.servicePrincipal") == principalsDue, "both kinds")
      // A Sign/Verify pair is one row: no app lists one thumbprint twice.
      let certificates = rows.compactMap { row -> String? in
        guard let thumbprint = (row["credential"] as? [String: Any])?["customKeyIdentifier"] as? String else {
          return nil
        }
        return "\(row["id"] ?? "")|\(thumbprint)"
      }
      #expect(!certificates.isEmpty && Set(certificates).count == certificates.count)
      #expect(rows.allSatisfy { $0["owners"] is [[String: Any]] })
      #expect(!json.stdout.contains("secretText"))

      let table = try await roster.run(["apps", "--expiring", "30d"])
      #expect(table.status == 11 && table.stdout.hasPrefix("Kind"), "\(table.stderr)")
      #expect(
        table.stdout.contains("expired ") && table.stdout.contains("certificate") && table.stdout.contains("secret"))
      let csv = try await roster.run(["apps", "--expiring", "30d", "--csv"])
      #expect(csv.status == 11 && csv.stdout.hasPrefix("@odata.type,displayName,appId,id,credentialType,keyId,"))
      #expect(csv.stdout.split(separator: "\r\n").count == rows.count + 1)

      let expired = try #require(
        try Self.json(try await roster.run(["apps", "--expiring", "0d", "--json"]).stdout) as? [[String: Any]])
      #expect(!expired.isEmpty && expired.allSatisfy { $0["expired"] as? Bool == true })
      #expect(try await roster.run(["apps", "--expiring", "30"]).status == 2)
      #expect(try await roster.run(["apps", "--expiring", "1m"]).status == 2)

      // Without what ends within a week (expired included), a week is 0 and a longer span 10.
      let soon = Date().addingTimeInterval(8 * 86_400)
      let apps = tenant.appRegistrations
      let removals = apps.applications.filter { app in
        let principal = apps.servicePrincipal(appId: app.appId)
        let ends =
          app.passwordCredentials.map(\.endDateTime)
          + (app.keyCredentials + (principal?.keyCredentials ?? [])).map(\.endDateTime)
        return ends.contains { $0 < soon }
      }
      _ = try tenant.appHistory.apply(removals.map { .removeApplication(id: $0.id, permanent: true) })
      let week = try await roster.run(["apps", "--expiring", "7d"])
      #expect(
        week.status == 0 && week.stdout.isEmpty && week.stderr.contains("No secret or certificate"), "\(week.stdout)")
      #expect(try await roster.run(["apps", "--expiring", "400d", "--csv"]).status == 10)
    }
  }

  @Test func offlineAnswersFromTheIndexWithoutOwners() async throws {
    try await Self.withRoster(scopes: Self.appScopes + " Directory.Read.All") { roster, _, tenant in
      #expect(try await roster.run(["apps", "--expiring", "30d", "--offline"]).status == 3)
      let sync = try await roster.run(["index", "sync"])
      #expect(sync.status == 0, "\(sync.stderr)")
      let online = try #require(
        try Self.json(try await roster.run(["apps", "--expiring", "30d", "--json"]).stdout) as? [[String: Any]])
      let run = try await roster.run(["apps", "--expiring", "30d", "--json", "--offline"])
      #expect(run.status == 11 && run.stderr.contains("From the local index"), "\(run.stderr)")
      let offline = try #require(try Self.json(run.stdout) as? [[String: Any]])
      #expect(offline.count == online.count && offline.allSatisfy { $0["owners"] is NSNull })
      let table = try await roster.run(["apps", "--expiring", "30d", "--offline"])
      #expect(table.stdout.contains("not kept offline"), "\(table.stdout)")
      // The table is read from the index's columns without the rows JSON is made from
      // (`OfflineExpiryTable`): the same rows, in the same order, each its app, kind and day.
      let lines = table.stdout.split(separator: "\n").dropFirst()
      #expect(table.status == 11 && lines.count == offline.count, "\(table.stdout)")
      for (line, row) in zip(lines, offline) {
        let registration = row["@odata.type"] as? String == "#microsoft.graph.application"
        let name = row["displayName"] as? String ?? ""
        let end = ((row["credential"] as? [String: Any])?["endDateTime"] as? String)?.prefix(10) ?? "never"
        #expect(line.hasPrefix(registration ? "app " : "enterprise app") && line.contains(end), "\(line)")
        if name.count <= 40, name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
          #expect(line.contains(name), "\(line) lacks \(name)")
        }
      }
      let app = try Self.owned(tenant)
      let shown = try await roster.run(["apps", "show", "--offline", app.displayName])
      #expect(
        shown.status == 0 && shown.stdout.contains("Owners: not kept in the local index"),
        "\(shown.stdout)\(shown.stderr)")
    }
  }

  @Test func exitCodesAndThePermission() async throws {
    try await Self.withRoster(scopes: "openid profile offline_access User.Read User.Read.All") { roster, harness, _ in
      let denied = try await roster.run(["apps", "--expiring", "30d"])
      #expect(
        denied.status == 4 && denied.stderr.contains("Application.Read.All") && denied.stdout.isEmpty,
        "\(denied.stderr)")
      let search = try await roster.run(["apps", "search", "payroll"])
      #expect(search.status == 4 && search.stderr.contains("Application.Read.All"), "\(search.stderr)")
      #expect(try await roster.run(["apps", "search", "x", "--json", "--csv"]).status == 2)
      let signedOut = harness.roster(state: "nobody", extra: ["ROSTER_SCOPES": Self.appScopes])
      #expect(try await signedOut.run(["apps", "--expiring", "30d"]).status == 3)
      // Offline, the account is named from the token cache alone (no session is made): still exit 3.
      let offline = try await signedOut.run(["apps", "--expiring", "30d", "--offline"])
      #expect(offline.status == 3 && offline.stderr.contains("Not signed in"), "\(offline.stderr)")
    }
  }
}
