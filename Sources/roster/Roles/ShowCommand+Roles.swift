import ArgumentParser
import Foundation
import Graph
import RosterCore

extension ShowCommand {
  /// `--roles`: the person found as `show` finds them, then the directory roles they hold — their
  /// own assignments and eligibility (`principalId eq`), and the roles of the groups they are in —
  /// by `roster roles`' client and in its table or JSON; the same exit codes as `roster roles`.
  func runRoles() async throws {
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { client, graph in
      let person = try await PersonLookup.find(self.person, in: client).detail.person
      let roles = RolesClient.live(
        configuration: graph.configuration, tokens: graph.runtime.session, transport: graph.runtime.transport)
      // Without names the roles are still listed, by template id.
      let known = (try? await roles.definitions(DirectoryCommand.reportRetry)) ?? []
      let listing = await roles.holdings(
        RoleQuery(known: known, principalId: person.id), DirectoryCommand.reportRetry)
      let format = OutputFormat.chosen(json: json, csv: false)
      let name = person.displayName?.string ?? person.id
      if listing.holdings.isEmpty, listing.failures.isEmpty, case .table = format {
        DirectoryCommand.say("\(name) holds no directory role.")
        return try DirectoryCommand.write(RolesOutput.render([], as: format, now: Date()))
      }
      try RolesCommand.report(listing, format: format, narrowed: nil)
    }
  }
}
