import ArgumentParser
import Foundation
import Graph
import RosterCore

/// `roster mfa --missing [--members|--guests] [--json|--csv]`: "who has not registered MFA?" —
/// Graph's registration report as a list, administrators first, printed page by page.
struct MfaCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mfa",
    abstract: "List who has not registered multifactor authentication, administrators first.",
    discussion: """
      Reads /reports/authenticationMethods/userRegistrationDetails with Graph's filter \
      (isMfaRegistered eq false): first the administrators (isAdmin eq true), then everyone else, \
      each page printed as it arrives, so the first screen comes at once in a large tenant. \
      Columns: name, user name, administrator, the methods registered (in words) and the default \
      method. Needs AuditLog.Read.All in the scopes (settings or ROSTER_SCOPES), a directory role \
      such as Reports Reader, Security Reader, Security Administrator or Global Reader, and \
      Microsoft Entra ID P1 in the tenant; each refusal is said in a sentence. Graph's report does \
      not cover disabled accounts. Exit codes: 0 listed (even none), 2 usage, 3 not signed in, \
      4 service or network error, 5 not allowed (the scopes lack AuditLog.Read.All, or Graph \
      refused: role or licence).
      """)

  @Flag(help: "List the people without MFA registered (required: the one list this command makes).")
  var missing = false

  @Flag(help: "Only members (userType member).") var members = false
  @Flag(help: "Only guests (userType guest).") var guests = false
  @Flag(help: "Print JSON: Graph's property names, one object per person.") var json = false
  @Flag(help: "Print CSV with a header row.") var csv = false

  @OptionGroup var demo: DemoOptions
  @OptionGroup var common: CommonOptions

  func validate() throws {
    guard missing else {
      throw ValidationError("Say --missing: roster mfa lists the people without MFA registered.")
    }
    if members && guests { throw ValidationError("--members and --guests together are everyone; give one or neither.") }
    try OutputFormat.refuseBoth(json: json, csv: csv)
  }

  var audience: RegistrationAudience { members ? .members : guests ? .guests : .everyone }

  func run() async throws {
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { _, graph in
      try DirectoryCommand.requireScopes(
        HealthPart.mfa.requirement, for: "The MFA registration report is", granted: graph.account.grantedScopes)
      let client = RegistrationReportClient.live(
        configuration: graph.configuration, tokens: graph.runtime.session, transport: graph.runtime.transport)
      let stream = MfaOutput.Stream(format: OutputFormat.chosen(json: json, csv: csv))
      let count: Int
      do {
        count = try await client.missingMFA(audience, { stream.write($0) }, DirectoryCommand.reportRetry)
      } catch let error as DirectoryError {
        stream.finish()
        if case .permissionDenied(let text) = error {
          DirectoryCommand.say(text)
          throw ExitCode(5)
        }
        throw error
      }
      stream.finish()
      if case .table = stream.format {
        DirectoryCommand.say(
          count == 0
            ? "Everyone \(audience == .everyone ? "" : "listed ")has MFA registered."
            : "\(count) without MFA registered, \(stream.admins) of them administrators.")
      }
    }
  }
}
