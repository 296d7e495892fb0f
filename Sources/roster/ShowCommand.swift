import ArgumentParser
import Foundation
import RosterCore

/// `roster show ID|UPN|MAIL [--json]`: everything about one person, with manager and reports.
struct ShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show one person: every detail field, the manager and direct reports.",
    discussion: """
      Accepts an object id, a user principal name or a mail address. Uses the sign-in from \
      `roster login`. Exit codes: 0 shown, 1 no such person, 2 usage, 3 not signed in, \
      4 service or network error.
      """)

  @OptionGroup var common: CommonOptions

  @Argument(help: "Object id, user principal name or mail address.")
  var person: String

  @Flag(help: "Print JSON: the person with Graph property names, plus manager and directReports.")
  var json = false

  func run() async throws {
    try await DirectoryCommand.run(common: common) { client in
      let detail = try await client.personDetail(person, DirectoryCommand.reportRetry)
      try DirectoryCommand.write(json ? PersonDetailOutput.json(detail) : PersonDetailOutput.text(detail))
    }
  }
}
