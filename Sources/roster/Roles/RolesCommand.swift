import ArgumentParser
import Foundation
import Graph
import RosterCore

/// `roster roles [ROLE] [--json|--csv]`: "Who holds Global Administrator — including those only
/// eligible through PIM?" (Azure/azure-cli#11809, o365soa/Scripts#19) — each directory role's
/// holders, active and eligible, and how they hold it.
struct RolesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "roles",
    abstract: "List who holds each directory role: directly, through a group, or eligible through PIM.",
    discussion: """
      Reads /roleManagement/directory: role definitions, active role assignments (with each \
      holder), the members of every group that holds a role, and PIM eligibility (eligible until \
      a date, or permanently). ROLE narrows to the roles whose name starts with the words typed, \
      case-insensitively ("global admin" finds Global Administrator, "global" also Global \
      Reader), or to one role by its template id; without ROLE every role that has holders is \
      listed. Active members need RoleManagement.Read.Directory (or Directory.Read.All) and a \
      directory role such as Global Reader; a role group's members need GroupMember.Read.All; \
      eligible members need RoleEligibilitySchedule.Read.Directory (or \
      RoleManagement.Read.Directory), a role such as Global Reader or Security Reader, and \
      Microsoft Entra ID P2. A part Graph refuses is said in a sentence and the rest still listed. \
      Exit codes: 0 listed (even nobody), 1 no role matched ROLE, 2 usage, 3 not signed in, 4 \
      service or network error, or a missing permission, role or licence (what could be read is \
      still listed).
      """)

  @Argument(help: "The start of a role's name (\"global admin\") or its template id.") var role: String?

  @Flag(help: "Print JSON: Graph's roleDefinitionId and principalId, plus how and endDateTime.") var json = false
  @Flag(help: "Print CSV with a header row.") var csv = false

  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func validate() throws {
    try OutputFormat.refuseBoth(json: json, csv: csv)
    if let role, role.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ValidationError("ROLE is empty; leave it out to list every role that has holders.")
    }
  }

  func run() async throws {
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { _, graph in
      let client = RolesClient.live(
        configuration: graph.configuration, tokens: graph.runtime.session, transport: graph.runtime.transport)
      let format = OutputFormat.chosen(json: json, csv: csv)
      var known: [RoleDefinition] = []
      var only: [String]?
      do {
        known = try await client.definitions(DirectoryCommand.reportRetry)
      } catch let error as DirectoryError {
        // Names are needed to find ROLE; without ROLE the holders can still be listed by role id.
        guard role == nil else { throw error }
        DirectoryCommand.say("Role names are not known: " + DirectoryCommand.describe(error))
      }
      if let role {
        let matched = RolesClient.matching(role, in: known)
        guard !matched.isEmpty else {
          DirectoryCommand.say("No directory role has a name that starts so, or that template id.")
          throw ExitCode(1)
        }
        only = matched.map(\.id)
      }
      let listing = await client.holdings(RoleQuery(known: known, only: only), DirectoryCommand.reportRetry)
      try Self.report(listing, format: format, narrowed: only.map { ids in known.filter { ids.contains($0.id) } })
    }
  }

  /// Prints what was read, says what was not, and ends with the exit code the listing earns.
  static func report(_ listing: RoleListing, format: OutputFormat, narrowed: [RoleDefinition]?) throws {
    let both =
      listing.failures.contains { $0.part == .assignments } && listing.failures.contains { $0.part == .eligibility }
    if listing.holdings.isEmpty, both, let first = listing.failures.first {
      for failure in listing.failures { DirectoryCommand.say(line(failure)) }
      throw ExitCode(DirectoryCommand.exitCode(for: first.error) == 3 ? 3 : 4)
    }
    try DirectoryCommand.write(RolesOutput.render(listing.holdings, as: format, now: Date()))
    for failure in listing.failures { DirectoryCommand.say(line(failure)) }
    if listing.holdings.isEmpty, case .table = format {
      let names = narrowed?.map(\.displayName.string).joined(separator: ", ")
      DirectoryCommand.say(names.map { "Nobody holds \($0)." } ?? "Nobody holds a directory role.")
    }
    if !listing.failures.isEmpty { throw ExitCode(4) }
  }

  private static func line(_ failure: RoleListing.Failure) -> String {
    switch failure.error {
    case .permissionDenied: return failure.sentence
    case .service where failure.part == .eligibility && failure.sentence.contains("P2"): return failure.sentence
    default: return failure.sentence.dropLast() + ": " + DirectoryCommand.describe(failure.error)
    }
  }
}
