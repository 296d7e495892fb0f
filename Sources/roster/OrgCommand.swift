import ArgumentParser
import Foundation
import RosterCore

/// `roster org PERSON [--depth N] [--columns …] [--csv|--json]`: a reporting subtree as a table,
/// for a spreadsheet or a script (issue 32 item 4).
struct OrgCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "org",
    abstract: "Export the people below someone: direct reports, their reports, and so on.",
    discussion: """
      Walks direct reports down from PERSON (an object id, user principal name or mail), \
      level by level, at most --depth levels and --limit people; someone met twice is listed \
      once. Columns are Graph property names plus manager and level (0 for PERSON). Each person \
      listed costs one Graph request. Exit codes: 0 listed, 1 no such person, 2 usage, 3 not \
      signed in, 4 service or network error.
      """)

  @Argument(help: "Object id, user principal name or mail address of the top of the subtree.")
  var person: String

  @Option(help: "How many levels below PERSON to list (1 = direct reports).")
  var depth = 10

  @Option(help: "Stop after this many people (a note on stderr says so).")
  var limit = 2_000

  @Option(help: "Columns to print, comma-separated (see roster search --help).")
  var columns = "level,displayName,mail,jobTitle,department,manager"

  @Flag(help: "Print a JSON array of objects.")
  var json = false

  @Flag(help: "Print CSV with a header row.")
  var csv = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if let problem = ShowCommand.keyProblem(person, command: "org") { throw ValidationError(problem) }
    try OutputFormat.refuseBoth(json: json, csv: csv)
    if !(0...100).contains(depth) { throw ValidationError("--depth must be between 0 and 100.") }
    if !(1...100_000).contains(limit) { throw ValidationError("--limit must be between 1 and 100000.") }
    _ = try PersonColumn.parse(columns)
  }

  func run() async throws {
    let format: OutputFormat = OutputFormat.chosen(json: json, csv: csv)
    let chosen = try PersonColumn.parse(columns)
    try await DirectoryCommand.run(common: common, demo: demo) { client in
      // The top person as `show` finds them (an alias or employee id too), read once.
      let top = try await PersonLookup.find(person, in: client).detail
      let (records, cut) = try await OrgWalk(depth: depth, limit: limit).walk(from: top.person.id) { id in
        id == top.person.id ? top : try await client.personDetail(id, DirectoryCommand.reportRetry)
      }
      try DirectoryCommand.write(PersonColumn.render(records, columns: chosen, as: format))
      if case .limit(let count) = cut {
        DirectoryCommand.say("Stopped at \(count) people (--limit); the subtree is larger.")
      }
    }
  }
}
