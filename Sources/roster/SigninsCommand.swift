import ArgumentParser
import Foundation
import Graph
import RosterCore

/// `roster signins [PERSON] [--failed] [--since 7d] [--follow [--every 30s]] [--json|--csv]`: why
/// someone cannot sign in — or, without PERSON, who in the tenant is failing to sign in right now
/// and why (issue 43 item 2) — from Graph's sign-in logs (AuditLog.Read.All and
/// Directory.Read.All, a reports role, Entra ID P1).
struct SigninsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "signins",
    abstract: "List sign-ins, newest first, with failures explained: one person's, or the whole tenant's.",
    discussion: """
      With PERSON (an object id, user principal name or mail address), reads that person's \
      /auditLogs/signIns. Without it, the whole tenant's, from the last hour unless --since says \
      otherwise, grouped by cause in plain words (the largest group first), each sign-in with \
      when, who, the app and the address; --json and --csv list them ungrouped, newest first. \
      Every sign-in is listed unless --failed asks for failures only, the usual question ("who \
      is failing to sign in right now?"): successes are most of the log. --follow then keeps \
      printing new sign-ins as they reach the log, one line each (JSON Lines with --json), \
      until Ctrl-C, which ends it with exit 0. It looks every 30 s (--every, 10 s at the \
      least): Microsoft Graph allows the sign-in log 5 requests per 10 seconds per app per \
      tenant, shared by everyone running Roster there, and waits out any Retry-After it is \
      given. Sign-ins reach the log minutes late, so each look reaches 5 minutes back and \
      prints only what it has not printed. Needs AuditLog.Read.All and Directory.Read.All in \
      the scopes (settings or ROSTER_SCOPES), a directory role such as Reports Reader, and \
      Microsoft Entra ID P1 in the tenant. Graph keeps sign-in logs about 30 days. Exit codes: \
      0 listed (even none; and a follow ended by Ctrl-C), 1 no such person, 2 usage, 3 not \
      signed in, 4 service or network error, 5 not allowed (the scopes lack a permission, or \
      Graph refused: role or licence).
      """)

  @Argument(
    help: "Object id, user principal name or mail address; leave it out for the whole tenant.",
    completion: .custom(PeopleCompletion.names))
  var person: String?

  @Flag(help: "Only failed sign-ins (status/errorCode ne 0).")
  var failed = false

  @Option(help: "Only sign-ins this recent: 90m, 24h, 7d, or a date (2026-11-20). Whole tenant: 1h unless given.")
  var since: String?

  @Option(help: "At most this many sign-ins (1–20000; 100 for a person, 1000 for the tenant unless given).")
  var limit: Int?

  @Flag(help: "Keep printing new sign-ins as they arrive, until Ctrl-C.")
  var follow = false

  @Option(help: "With --follow: how often to look, 10s to 1h (30s unless given).")
  var every: String?

  @Flag(help: "Print JSON: one object per sign-in, with the explanation.")
  var json = false

  @Flag(help: "Print CSV with a header row.")
  var csv = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if let person, let problem = ShowCommand.keyProblem(person, command: "signins") {
      throw ValidationError(problem)
    }
    try OutputFormat.refuseBoth(json: json, csv: csv)
    if let limit, !(1...20_000).contains(limit) { throw ValidationError("--limit takes 1 to 20000.") }
    if let since, SinceParser.date(since, now: Date()) == nil {
      throw ValidationError("--since takes 90m, 24h, 7d or a date such as 2026-11-20; '\(CleanText(since))' is none.")
    }
    if let every {
      guard follow else { throw ValidationError("--every is how often --follow looks; give --follow too.") }
      if FollowInterval.seconds(every) == nil {
        throw ValidationError(
          "--every takes 10s to 1h (such as 30s or 2m): Microsoft Graph allows the sign-in log 5 requests "
            + "per 10 seconds per app; '\(CleanText(every))' is not in that range.")
      }
    }
  }

  func run() async throws {
    let now = Date()
    let from = (since ?? (person == nil ? "1h" : nil)).flatMap { SinceParser.date($0, now: now) }
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { client, graph in
      try DirectoryCommand.requireScopes(
        HealthPart.signIns.requirement, for: "Sign-in logs are", granted: graph.account.grantedScopes)
      var userID: String?
      if let person {
        let lookup = try await PersonLookup.find(person, in: client)
        if let found = lookup.found { DirectoryCommand.say("Found by \(found).") }
        userID = lookup.detail.person.id
      }
      if let note = SignInRetention.note(since: from, now: now) { DirectoryCommand.say(note) }
      let limit = limit ?? (person == nil ? HealthClient.signInPageSize : 100)
      let query = SignInQuery(userID: userID, failedOnly: failed, since: from, limit: limit)
      let entries: [SignInLogEntry]
      do {
        entries = try await graph.health.signIns(query, DirectoryCommand.reportRetry)
      } catch DirectoryError.permissionDenied(let text) {
        DirectoryCommand.say(text)
        throw ExitCode(5)
      }
      let format: OutputFormat = OutputFormat.chosen(json: json, csv: csv, width: nil)
      try report(entries, limit: limit, format: format, now: now)
      if follow {
        let every = every.flatMap(FollowInterval.seconds) ?? FollowInterval.standard
        let setup = SignInFollowLoop.Setup(health: graph.health, query: query, every: every, format: format)
        try await SignInFollowLoop.run(setup, already: entries, start: now)
      }
    }
  }

  /// The first read: one person's lines, or the tenant's grouped by cause (JSON and CSV alike
  /// ungrouped); with --follow in JSON, JSON Lines from the start, so the stream is one format.
  private func report(_ entries: [SignInLogEntry], limit: Int, format: OutputFormat, now: Date) throws {
    if follow, case .json = format {
      let oldestFirst = TenantSignInOutput.newestFirst(entries).reversed()
      try DirectoryCommand.write(
        try oldestFirst.map { try TenantSignInOutput.followed($0, as: .json, now: now) }.joined())
    } else if person == nil {
      try DirectoryCommand.write(try TenantSignInOutput.render(entries, as: format, now: now))
    } else {
      try DirectoryCommand.write(try SignInOutput.render(entries, as: format, now: now))
    }
    guard case .table = format else { return }
    let kind = failed ? "failed sign-ins" : "sign-ins"
    if entries.isEmpty {
      DirectoryCommand.say(
        person == nil
          ? "No \(kind) in the tenant \(since == nil ? "in the last hour" : "in that time")."
          : "No \(kind) in what Graph keeps (about 30 days).")
    } else if person == nil && entries.count >= limit {
      DirectoryCommand.say("The newest \(limit) \(kind) are shown; there are more (--limit takes up to 20000).")
    }
  }
}

/// `--since`: a span back from now (`90m`, `24h`, `7d`) or a UTC date.
enum SinceParser {
  static func date(_ text: String, now: Date) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let unit = trimmed.last, let count = Int(trimmed.dropLast()), count > 0, count < 100_000 {
      let seconds: Double? = ["m": 60, "h": 3_600, "d": 86_400, "w": 604_800][unit]
      if let seconds { return now.addingTimeInterval(-Double(count) * seconds) }
    }
    return try? Date(trimmed + "T00:00:00Z", strategy: .iso8601)
  }
}

extension SignedInGraph {
  /// The account-health client over the same tokens and transport.
  var health: HealthClient {
    .live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)
  }
}
