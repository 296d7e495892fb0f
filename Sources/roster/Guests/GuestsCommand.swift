import ArgumentParser
import Foundation
import Graph
import RosterCore

/// `roster guests --inactive 90d [--json|--csv]`: "which guests have not signed in for 90 days,
/// and who sponsors them?" (erlwes/InactiveWipe#6, CIPP#1143, JBines/Remove-StaleGuests#4).
struct GuestsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "guests",
    abstract: "List guests who have not signed in for a span, with their state and sponsors.",
    discussion: """
      Reads /users with Graph's filter userType eq 'Guest' and their signInActivity, and lists \
      those whose last interactive and last non-interactive sign-ins are both older than the span \
      (or who never signed in): name, mail, invitation state (pending or accepted), when invited, \
      last sign-in and sponsors (/users/{id}/sponsors: people and groups; \
      "(left)" marks a sponsor whose account is disabled). The span is whole days, Nd (90d). \
      The list is in directory order as it is read, each page printed as it arrives (its sponsors \
      read first), so the first screen comes at once in a large tenant; --json and --csv carry \
      the sign-in and invitation dates to sort by. \
      Needs User.Read.All and AuditLog.Read.All in the scopes (settings or ROSTER_SCOPES), a \
      directory role such as Reports Reader, and Microsoft Entra ID P1 for the sign-in dates; each \
      refusal is said in a sentence. Exit codes: 0 listed (even none), 2 usage, 3 not signed in, \
      4 service or network error, 5 not allowed (the scopes lack a permission, or Graph refused \
      for the role or licence; when only sponsors were refused the guests are still listed, \
      sponsors "unknown").
      """)

  @Option(help: "Idle for at least this many whole days: 90d.") var inactive: String
  @Flag(help: "Print JSON: Graph's property names, with sponsors.") var json = false
  @Flag(help: "Print CSV with a header row.") var csv = false

  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func validate() throws {
    guard Self.days(inactive) != nil else {
      throw ValidationError("--inactive takes whole days, such as 90d; '\(CleanText(inactive))' is not.")
    }
    try OutputFormat.refuseBoth(json: json, csv: csv)
  }

  /// `Nd`, 1…3650.
  static func days(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard trimmed.hasSuffix("d"), let days = Int(trimmed.dropLast()), (1...3_650).contains(days) else { return nil }
    return days
  }

  func run() async throws {
    let now = Date()
    let days = Self.days(inactive) ?? 90
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { _, graph in
      try DirectoryCommand.requireScopes(
        HealthPart.lastSignIn.requirement, for: "Guests' last sign-ins are", granted: graph.account.grantedScopes)
      let client = GuestClient.live(
        configuration: graph.configuration, tokens: graph.runtime.session, transport: graph.runtime.transport)
      let stream = ListStream(
        format: OutputFormat.chosen(json: json, csv: csv), layout: GuestsOutput.layout(now: now))
      let listing: InactiveGuestListing
      do {
        listing = try await client.inactive(
          now.addingTimeInterval(-Double(days) * 86_400), { stream.write($0) }, DirectoryCommand.reportRetry)
      } catch let error as DirectoryError {
        stream.finish(failed: true)
        if case .permissionDenied(let text) = error {
          DirectoryCommand.say(text)
          throw ExitCode(5)
        }
        throw error
      }
      stream.finish()
      if let note = listing.sponsorNote { DirectoryCommand.say(note) }
      if case .table = stream.format {
        DirectoryCommand.say(
          listing.count == 0
            ? "No guest has been idle for \(days) days."
            : "\(listing.count) guest\(listing.count == 1 ? "" : "s") idle for \(days) days or more.")
      }
      if listing.sponsorsRefused { throw ExitCode(5) }
    }
  }
}
