import ArgumentParser
import Foundation
import RosterCore

/// `roster apps search|show` and `roster apps --expiring Nd`: app registrations and enterprise
/// apps from Graph's `/applications` and `/servicePrincipals` (or the local index with
/// `--offline`), both kinds in every answer, with the formats, `--demo` and exit codes of
/// `roster devices`; the expiry report adds its own statuses for cron and CI.
struct AppsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "apps",
    abstract: "Find app registrations and enterprise apps, show one, or list the secrets and certificates expiring.",
    usage: """
      roster apps --expiring Nd [--json|--csv] [--offline]
        roster apps search WORDS... [--limit N] [--json|--csv] [--offline]
        roster apps show ID|APPID|NAME [--json] [--offline]
      """,
    discussion: """
      Reading apps needs Application.Read.All (an administrator consents to it). `roster apps \
      --expiring 30d` lists every secret and certificate of the tenant's app registrations and \
      enterprise apps already expired or ending within 30 days, soonest first (a certificate listed \
      for Sign and Verify once). Exit codes: 0 done (for --expiring: nothing expired or due within \
      the span), 1 no such app (or a name several apps share), 2 usage, 3 not signed in (or no \
      complete index with --offline), 4 service or network error, or a missing permission \
      (Application.Read.All), 10 something due within the span but nothing expired, 11 something \
      already expired.
      """,
    subcommands: [Expiring.self, Search.self, Show.self], defaultSubcommand: Expiring.self)

  /// `roster apps --expiring Nd`: the default subcommand, so its flags never shadow `search`'s and
  /// `show`'s `--json` (a parent's flag is parsed before a subcommand's of the same name).
  struct Expiring: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "expiring",
      abstract: "List every secret and certificate expired or ending within a span, soonest first.",
      usage: "roster apps --expiring Nd [--json|--csv] [--offline]", shouldDisplay: false)

    @Option(
      help: ArgumentHelp(
        "List every secret and certificate expired or ending within this many days: Nd (30d; 0d lists only the expired).",
        valueName: "Nd"))
    var expiring: String?
    @Flag(help: "Print JSON with Graph property names.") var json = false
    @Flag(help: "Print CSV with a header row.") var csv = false
    @Flag(help: "Answer from the local index only (it keeps no owners), sending Graph nothing.") var offline = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try OutputFormat.refuseBoth(json: json, csv: csv)
      try demo.refuse(offline: offline)
      guard let expiring else { throw ValidationError("Give --expiring Nd (30d), or a subcommand: search, show.") }
      if ExpirySpan(argument: expiring) == nil {
        throw ValidationError(
          "--expiring takes whole days, Nd: 30d, 90d (0d lists only the expired); \u{201C}\(expiring)\u{201D} is not.")
      }
    }

    func run() async throws {
      guard let expiring = expiring.flatMap(ExpirySpan.init(argument:)) else { return }
      let format = OutputFormat.chosen(json: json, csv: csv)
      let now = Date()
      var status: Int32 = 0
      try await ItemOrigin.run(common: common, demo: demo, offline: offline, kinds: [.app, .enterpriseApp]) {
        origin in
        let listed: Bool
        if case .index(let index, _) = origin, case .table(let width) = format {
          // The table from the index's own columns, without a row value each (`OfflineExpiryTable`).
          let report = try OfflineExpiryTable.make(index, before: expiring.end(from: now), now: now, width: width)
          StandardOutput.write(bytes: report.table)
          (listed, status) = (report.rows > 0, AppExpiry.exitStatus(listed: report.rows > 0, expired: report.expired))
        } else {
          let rows = try await AppExpiry.report(origin, before: expiring.end(from: now), entries: json)
          ProcessEnd.keep(rows)
          StandardOutput.write(bytes: try AppOutput.expiring(rows, as: format, offline: offline, now: now))
          (listed, status) = (!rows.isEmpty, AppExpiry.exitStatus(rows, now: now))
        }
        if !listed, case .table = format {
          DirectoryCommand.say(
            expiring.days == 0
              ? "No secret or certificate has expired."
              : "No secret or certificate expires within \(expiring.days) days.")
        }
      }
      if status != 0 { throw ExitCode(status) }
    }
  }
}
