import ArgumentParser
import Foundation
import Identity
import RosterCore

/// `roster status`: who is signed in, to which tenant, with which scopes, until when, and where
/// the token cache lives with its permissions. Never a token.
struct StatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show the signed-in account, its scopes and token expiry, and where the token cache lives.",
    discussion: "Exits 0 when signed in, 3 when not (or when --refresh finds the session dead), 4 on network errors.")

  @Flag(help: "Print JSON on stdout.")
  var json = false

  @Flag(help: "Get a new access token now, checking that the session still works.")
  var refresh = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  /// The report as `--json` prints it.
  struct Report: Encodable {
    struct AccountReport: Encodable {
      var username: String
      var displayName: String?
      var tenantId: String
      var authority: String
      var homeAccountId: String
      var active: Bool
      var scopes: [String]
      var accessTokenExpiresAt: Date?
      var hasRefreshToken: Bool
      var signedOutReason: String?
    }
    var signedIn: Bool
    var authority: String
    var clientId: String?
    var settingsFile: String
    var cache: String
    var cachePermissions: String?
    var accounts: [AccountReport]
    var refreshError: String?
  }

  func run() async throws {
    // With --demo: the demo tenant's sign-in, held in memory by this process.
    let demoRuntime = demo.demo ? try await common.makeRuntime(demo: demo) : nil
    let settings = try demoRuntime?.settings ?? common.loadSettings()
    let store = demoRuntime?.store ?? common.makeTokenStore()
    var file = TokenCacheFile()
    do {
      file = try await store.load()
    } catch {
      Console.error("roster: \((error as? SignInFailure)?.displayLine ?? "\(error)")")
      throw ExitCode(1)
    }
    var refreshError: (message: String, exit: Int32)?
    if refresh {
      refreshError = await refreshNow(demoRuntime, settings: settings)
      file = (try? await store.load()) ?? file
    }
    let report = makeReport(settings: settings, store: store, file: file, refreshError: refreshError?.message)
    if json {
      print(try PeopleOutput.json(report, isoDates: true), terminator: "")
    } else {
      printText(report)
    }
    if let refreshError { throw ExitCode(refreshError.exit) }
    if !report.signedIn { throw ExitCode(3) }
  }

  /// Forces a refresh; returns the failure line and exit code, or nil when it worked.
  private func refreshNow(_ demoRuntime: CommandRuntime?, settings: Settings) async -> (message: String, exit: Int32)? {
    let runtime: CommandRuntime
    do { runtime = try demoRuntime ?? common.makeRuntime(settings: settings) } catch {
      return ("cannot sign in with these settings", 3)
    }
    do {
      _ = try await runtime.session.accessToken(forceRefresh: true)
      return nil
    } catch let required as SignInRequired {
      return (required.failure.displayLine, 3)
    } catch let trouble as TokenServiceUnavailable {
      return (trouble.message.string, 4)
    } catch let failure as SignInFailure {
      return (failure.displayLine, failure.isNetworkFailure ? 4 : 3)
    } catch {
      return ("the sign-in service could not be reached (\(error))", 4)
    }
  }

  /// Every string in the report came from the directory, the token or the settings: the account's
  /// names are `CleanText` since the cache was read; the rest is cleaned here, so the text and the
  /// JSON forms both carry no escape sequences or bidi overrides.
  private func makeReport(settings: Settings, store: any TokenStore, file: TokenCacheFile, refreshError: String?)
    -> Report
  {
    let clean = { (text: String) in CleanText(text).string }
    // The account this command uses (`--account`, ROSTER_ACCOUNT…), else the active one.
    let used = settings.accountKey ?? file.activeAccount
    let accounts = file.accounts.sorted { $0.key < $1.key }.map { key, entry in
      Report.AccountReport(
        username: entry.account.username.string, displayName: entry.account.displayName?.string,
        tenantId: entry.account.tenantId.string, authority: clean(entry.account.authority),
        homeAccountId: clean(entry.account.homeAccountId), active: key == used,
        scopes: entry.account.grantedScopes.map(clean),
        accessTokenExpiresAt: entry.accessToken == nil ? nil : entry.account.accessTokenExpiresAt,
        hasRefreshToken: entry.refreshToken != nil, signedOutReason: entry.signedOutReason.map(clean))
    }
    let signedIn =
      accounts.contains { $0.active && $0.hasRefreshToken && $0.signedOutReason == nil } && refreshError == nil
    return Report(
      signedIn: signedIn, authority: clean(settings.authority), clientId: settings.clientId.map(clean),
      // `--demo` reads no settings file (its sandbox tenant comes with its own): naming one would
      // send a newcomer to edit a file that changes nothing (issue 40).
      settingsFile: demo.demo
        ? "none (--demo uses its own sandbox tenant)"
        : clean(Settings.settingsFile(configFile: common.config, environment: common.environment).path),
      cache: clean(store.location ?? (demo.demo ? "memory only (--demo)" : "memory only")),
      cachePermissions: store.location.flatMap(Self.permissions), accounts: accounts,
      refreshError: refreshError.map(clean))
  }

  /// `0600 (owner only)` style text for the cache file, or nil when it does not exist yet.
  static func permissions(of path: String) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let mode = attributes[.posixPermissions] as? Int
    else { return nil }
    let octal = String(mode & 0o777, radix: 8)
    return "0\(octal)" + (mode & 0o077 == 0 ? " (owner only)" : " (readable by others: will be repaired)")
  }

  private func printText(_ report: Report) {
    var lines: [String] = []
    if let active = report.accounts.first(where: \.active) {
      lines.append("Account:   \(active.username)\(active.displayName.map { " (\($0))" } ?? "")")
      lines.append("Tenant:    \(active.tenantId)")
      lines.append("Authority: \(active.authority)")
      lines.append("Scopes:    \(active.scopes.joined(separator: " "))")
      if let reason = active.signedOutReason {
        lines.append("Signed out: \(reason)")
      } else if let expiry = active.accessTokenExpiresAt {
        let minutes = Int(expiry.timeIntervalSinceNow / 60)
        let when = ISO8601DateFormatter().string(from: expiry)
        lines.append(
          "Access token: expires \(when)" + (minutes > 0 ? " (in \(minutes) min)" : " (expired; refreshed on next use)")
        )
      } else {
        lines.append("Access token: none held; one is fetched on next use")
      }
    } else {
      lines.append("Not signed in (authority \(report.authority)). Run roster login.")
    }
    let others = report.accounts.filter { !$0.active }
    if !others.isEmpty { lines.append("Other cached accounts: \(others.map(\.username).joined(separator: ", "))") }
    lines.append("Token cache: \(report.cache)" + (report.cachePermissions.map { ", \($0)" } ?? ""))
    lines.append("Settings:  \(report.settingsFile)")
    if let error = report.refreshError {
      lines.append("Refresh failed: \(error)")
    } else if refresh {
      lines.append("Refresh: a new access token was obtained.")
    }
    print(lines.joined(separator: "\n"))
  }
}
