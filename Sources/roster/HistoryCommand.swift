import ArgumentParser
import Foundation
import Index
import RosterCore
import TerminalUI

/// `roster history [--clear] [--json]`: the people this account opened in Roster on this machine,
/// most recent first (issue 32). Kept in the account's local index and never sent anywhere; they
/// come first among the matches of a search, marked ★. `--clear` forgets them.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "List the people you opened in Roster (most recent first), or forget them with --clear.",
    discussion: """
      Roster remembers whom you open (Enter or Tab into the detail pane, or `roster show` at a \
      terminal) in the account's local index on this machine, and lists them first among the \
      matches of a search, marked ★, before the people Microsoft 365 says you work with. Nothing \
      of it is sent anywhere. --clear forgets the history; `roster logout` and `roster index forget` \
      delete it with the index. Exit codes: 0 listed or cleared, 3 not signed in.
      """)

  @Flag(help: "Forget the people you opened.")
  var clear = false

  @Flag(help: "Print JSON: each person's id, displayName, mail and openedAt.")
  var json = false

  @Flag(help: "List the directory writes made from this machine (roster revoke, disable, tap …), from the audit file.")
  var writes = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if clear && json { throw ValidationError("--clear prints nothing to read; leave out --json.") }
    if clear && writes {
      throw ValidationError("--clear forgets the people you opened, not the writes; leave out --writes.")
    }
  }

  func run() async throws {
    if writes { return try WriteHistoryOutput.print(json: json, environment: common.environment) }
    let context = try await IndexContext.make(common, demo: demo)
    guard FileManager.default.fileExists(atPath: context.location.file.path) else {
      if clear {
        DirectoryCommand.say("No history to forget for \(context.account.username).")
      } else if json {
        try DirectoryCommand.write("[]\n")
      } else {
        DirectoryCommand.say("No one opened yet for \(context.account.username).")
      }
      return
    }
    let index = try context.open()
    if clear {
      let cleared = try index.clearOpened()
      DirectoryCommand.say(
        "Forgot \(cleared) \(cleared == 1 ? "person" : "people") you opened, for \(context.account.username).")
      return
    }
    let entries = try Self.entries(index)
    if json {
      try DirectoryCommand.write(entries.isEmpty ? "[]\n" : PeopleOutput.json(entries))
      return
    }
    if entries.isEmpty {
      DirectoryCommand.say("No one opened yet for \(context.account.username).")
      return
    }
    let now = Date()
    let rows = entries.map { entry in
      [entry.displayName ?? "(not in the index)", entry.mail ?? "", IndexState.age(now.timeIntervalSince(entry.at))]
    }
    try DirectoryCommand.write(
      TextTable.render(["Name", "Mail", "Opened"], rows, width: Terminal.stdoutColumns()))
  }

  /// One opened person, as printed.
  struct Entry: Encodable {
    var id: String
    var displayName: String?
    var mail: String?
    var at: Date
    /// ISO 8601, as the rest of Roster's JSON writes times.
    var openedAt: String { ISO8601DateFormatter().string(from: at) }

    enum CodingKeys: String, CodingKey { case id, displayName, mail, openedAt }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encodeIfPresent(displayName, forKey: .displayName)
      try container.encodeIfPresent(mail, forKey: .mail)
      try container.encode(openedAt, forKey: .openedAt)
    }
  }

  /// The history with each person's name and mail from the index (a person it no longer holds has
  /// left its lists already).
  static func entries(_ index: DirectoryIndex) throws -> [Entry] {
    try index.yourPeople().opened.map { opened in
      let person = try index.detail(id: opened.id)?.person
      return Entry(
        id: CleanText(opened.id).string, displayName: person.map(PeopleOutput.displayName),
        mail: (person?.mail ?? person?.userPrincipalName)?.string,
        at: opened.at)
    }
  }
}
