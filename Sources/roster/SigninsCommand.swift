import ArgumentParser
import Foundation
import Graph
import RosterCore

/// `roster signins PERSON [--failed] [--since 7d] [--json|--csv]`: why someone cannot sign in,
/// from Graph's sign-in logs (AuditLog.Read.All and Directory.Read.All, a reports role, Entra ID P1).
struct SigninsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "signins",
    abstract: "List a person's recent sign-ins, newest first, with failures explained.",
    discussion: """
      Reads /auditLogs/signIns for the person (an object id, user principal name or mail address). \
      Needs AuditLog.Read.All and Directory.Read.All in the scopes (settings or ROSTER_SCOPES), a \
      directory role such as Reports Reader, and Microsoft Entra ID P1 in the tenant. Graph keeps \
      sign-in logs about 30 days. Exit codes: 0 listed (even none), 1 no such person, 2 usage, \
      3 not signed in, 4 service or network error, 5 not allowed (the scopes lack a permission, or \
      Graph refused: role or licence).
      """)

  @Argument(help: "Object id, user principal name or mail address.", completion: .custom(PeopleCompletion.names))
  var person: String

  @Flag(help: "Only failed sign-ins (status/errorCode ne 0).")
  var failed = false

  @Option(help: "Only sign-ins this recent: 90m, 24h, 7d, or a date (2026-11-20).")
  var since: String?

  @Option(help: "At most this many sign-ins (1–20000).")
  var limit = 100

  @Flag(help: "Print JSON: one object per sign-in, with the explanation.")
  var json = false

  @Flag(help: "Print CSV with a header row.")
  var csv = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if let problem = ShowCommand.keyProblem(person, command: "signins") { throw ValidationError(problem) }
    try OutputFormat.refuseBoth(json: json, csv: csv)
    if !(1...20_000).contains(limit) { throw ValidationError("--limit takes 1 to 20000.") }
    if let since, SinceParser.date(since, now: Date()) == nil {
      throw ValidationError("--since takes 90m, 24h, 7d or a date such as 2026-11-20; '\(CleanText(since))' is none.")
    }
  }

  func run() async throws {
    let now = Date()
    let from = since.flatMap { SinceParser.date($0, now: now) }
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { client, graph in
      let missing = HealthPart.signIns.requirement.missing(from: graph.account.grantedScopes)
      guard missing.isEmpty else {
        DirectoryCommand.say(
          "Sign-in logs are not asked: the sign-in lacks \(missing.joined(separator: ", ")). "
            + "Add them to scopes (settings or ROSTER_SCOPES), have an administrator consent, then roster login.")
        throw ExitCode(5)
      }
      let lookup = try await PersonLookup.find(person, in: client)
      if let found = lookup.found { DirectoryCommand.say("Found by \(found).") }
      let id = lookup.detail.person.id
      if let note = SignInRetention.note(since: from, now: now) { DirectoryCommand.say(note) }
      let entries: [SignInLogEntry]
      do {
        entries = try await graph.health.signIns(
          SignInQuery(userID: id, failedOnly: failed, since: from, limit: limit), DirectoryCommand.reportRetry)
      } catch DirectoryError.permissionDenied(let text) {
        DirectoryCommand.say(text)
        throw ExitCode(5)
      }
      let format: OutputFormat = OutputFormat.chosen(json: json, csv: csv, width: nil)
      try DirectoryCommand.write(try SignInOutput.render(entries, as: format, now: now))
      if entries.isEmpty, case .table = format {
        DirectoryCommand.say("No \(failed ? "failed " : "")sign-ins in what Graph keeps (about 30 days).")
      }
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
