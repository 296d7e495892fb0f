import ArgumentParser
import Foundation
import Graph
import RosterCore

/// `roster deleted [NAME] [--people|--groups] [--json|--csv]`: "Was she deleted, when, and how
/// long until it is permanent?" (Azure/azure-cli#22628) — Graph's deleted items, with who deleted
/// each from the audit log when it can be read.
struct DeletedCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deleted",
    abstract: "List deleted people and groups: when, by whom, and how long until Graph deletes them for good.",
    discussion: """
      Reads /directory/deletedItems, newest first. Microsoft Graph keeps a deleted user or \
      Microsoft 365 group 30 days, then deletes it for good; deleted security groups are gone at \
      once and never listed. NAME narrows to names that start with it, as Graph's filter allows \
      ("pri" finds Priya Raman; "raman" does not). People need User.Read.All, groups Group.Read.All \
      (or Directory.Read.All for both), and the signed-in person a directory role such as User \
      Administrator or Groups Administrator; a part Graph refuses is said and the other still \
      listed. Who deleted each comes from the audit log (AuditLog.Read.All and Directory.Read.All, \
      and a role such as Reports Reader; kept 30 days with Entra ID P1, 7 without), else "unknown". Exit codes: 0 \
      listed (without NAME, even none), 1 nothing matched NAME, 2 usage, 3 not signed in, 4 service \
      or network error, or a missing permission or role (what could be read is still listed).
      """)

  @Argument(help: "The start of a name (its first words) to narrow to.") var name: String?

  @Flag(help: "Only deleted people.") var people = false
  @Flag(help: "Only deleted groups.") var groups = false
  @Flag(help: "Print JSON: Graph's property names, plus daysLeft and deletedBy.") var json = false
  @Flag(help: "Print CSV with a header row.") var csv = false

  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func validate() throws {
    try OutputFormat.refuseBoth(json: json, csv: csv)
    if people && groups {
      throw ValidationError("--people and --groups together are the default; give one or neither.")
    }
    if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ValidationError("NAME is empty; leave it out to list everything deleted.")
    }
  }

  var kinds: [DeletedItem.Kind] { people ? [.person] : groups ? [.group] : [.person, .group] }

  func run() async throws {
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { _, graph in
      let client = DeletedClient.live(
        configuration: graph.configuration, tokens: graph.runtime.session, transport: graph.runtime.transport)
      let listing = await client.list(kinds, name, DirectoryCommand.reportRetry)
      try Self.report(
        listing, asked: kinds.count, name: name, format: OutputFormat.chosen(json: json, csv: csv), now: Date())
    }
  }

  /// Prints what was read, says what was not, and ends with the exit code the listing earns.
  static func report(_ listing: DeletedListing, asked: Int, name: String?, format: OutputFormat, now: Date) throws {
    // Every part failed: the first failure decides, as one request's would (3 sign in, 4 service).
    if listing.items.isEmpty, let first = listing.failures.first, listing.failures.count == asked {
      for failure in listing.failures { DirectoryCommand.say(line(failure)) }
      throw ExitCode(DirectoryCommand.exitCode(for: first.error) == 3 ? 3 : 4)
    }
    try DirectoryCommand.write(DeletedOutput.render(listing.items, as: format, now: now))
    for failure in listing.failures { DirectoryCommand.say(line(failure)) }
    if let note = listing.auditNote, case .table = format { DirectoryCommand.say(note) }
    if !listing.failures.isEmpty { throw ExitCode(4) }
    if listing.items.isEmpty {
      if case .table = format {
        DirectoryCommand.say(
          name == nil
            ? "Nothing deleted in the last 30 days." : "No deleted person or group has a name that starts so.")
      }
      if name != nil { throw ExitCode(1) }
    }
  }

  private static func line(_ failure: DeletedListing.Failure) -> String {
    if case .permissionDenied = failure.error { return failure.sentence }
    return failure.sentence.dropLast() + ": " + DirectoryCommand.describe(failure.error)
  }
}
