import Foundation
import TestSupport
import Testing

/// `roster apps` through the real binary against `roster sandbox` run as its own process, as a
/// cron job would run it: `--expiring 30d --json` says 11 (the generated tenant holds expired
/// secrets) and lists rows with Graph's names and owners, and `apps show` opens one of them by
/// its appId.
@Suite(.serialized) struct AppsEndToEndTests {
  @Test func expiringReportThenShowTheFirstApp() async throws {
    let binary = try #require(RosterBinary.url)
    let sandbox = try SandboxProcess(
      binary: binary, arguments: [],
      scopes: "openid profile offline_access User.Read User.Read.All Application.Read.All")
    defer { sandbox.stop() }
    let home = TemporaryDirectory(prefix: "roster-apps-e2e")
    defer { home.remove() }
    try sandbox.signIn(binary, home: home.url.path)
    let roster = RosterProcess(
      environment: sandbox.environment.merging([
        "HOME": home.url.path, "XDG_STATE_HOME": home.url.path + "/state", "XDG_CONFIG_HOME": home.url.path + "/config",
        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
      ]) { $1 })

    let report = try await roster.run(["apps", "--expiring", "30d", "--json"])
    #expect(report.status == 11, "\(report.stderr)")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [[String: Any]])
    let first = try #require(rows.first)
    #expect(first["expired"] as? Bool == true && first["owners"] is [[String: Any]])
    let credential = try #require(first["credential"] as? [String: Any])
    #expect(credential["keyId"] is String && credential["endDateTime"] is String)
    let appId = try #require(first["appId"] as? String)

    let shown = try await roster.run(["apps", "show", appId])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("App id") && shown.stdout.contains(appId) && shown.stdout.contains("Credentials ("))
  }
}
