import ArgumentParser
import Foundation
import RosterCore

/// `roster rooms search|show`: meeting rooms from Graph's places API, with the formats, `--offline`,
/// `--demo` and exit codes of `roster groups`. Places have no `$search`: every command reads the tenant's
/// whole room list (a few requests) and matches it here with `RoomFilter`, as the index and the
/// full-screen list do, so every way of asking finds the same rooms.
struct RoomsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rooms",
    abstract: "Find meeting rooms by name, building, floor or size, and show one.",
    discussion: """
      Reading rooms needs Place.Read.All (an administrator consents to it). A tenant whose Places \
      settings were never set up has no rooms to list. Exit codes: 0 done (or nothing matched), 1 \
      no such room, 2 usage, 3 not signed in (or no complete index with --offline), 4 service or \
      network error, or a missing permission.
      """,
    subcommands: [Search.self, Show.self])

  /// `roster rooms search WORDS… [--building B] [--min-capacity N]`
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Find rooms by the words of their name, building, floor, mailbox or tags.",
      discussion: "Every word must match (in any order). With --building or --min-capacity, words may be left out.")

    @Argument(help: "Words to look for.") var words: [String] = []
    @Option(help: "Only rooms in this building (its whole name, any case).") var building: String?
    @Option(help: "Only rooms that seat at least this many.") var minCapacity: Int?
    @Flag(help: "Print JSON with Graph property names.") var json = false
    @Flag(help: "Print CSV with a header row.") var csv = false
    @Flag(help: "Answer from the local index only (rooms as its last sync stored them), sending Graph nothing.")
    var offline = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    var format: OutputFormat { OutputFormat.chosen(json: json, csv: csv) }
    var text: String { words.joined(separator: " ") }

    func validate() throws {
      try OutputFormat.refuseBoth(json: json, csv: csv)
      try demo.refuse(offline: offline)
      if let minCapacity, minCapacity < 1 { throw ValidationError("--min-capacity must be 1 or more.") }
      let building = building?.trimmingCharacters(in: .whitespaces)
      if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, building?.isEmpty ?? true, minCapacity == nil {
        throw ValidationError("Give at least one word to search for, or --building or --min-capacity.")
      }
    }

    func run() async throws {
      try await RoomCommandRunner.run(common: common, demo: demo, offline: offline) { client in
        let catalog = try await client.allRooms(DirectoryCommand.reportRetry)
        let filter = RoomFilter(
          text: text, building: building?.trimmingCharacters(in: .whitespaces), minimumCapacity: minCapacity)
        let rooms = filter.apply(catalog.rooms)
        try DirectoryCommand.write(RoomOutput.render(rooms, as: format))
        if rooms.isEmpty, case .table = format {
          DirectoryCommand.say(catalog.rooms.isEmpty ? RoomCommandRunner.noRooms : "No room matches.")
        }
      }
    }
  }

  /// `roster rooms show ID|MAIL|NAME`
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one room: building, floor, capacity, equipment, access, booking, mail, phone, address, tags.")

    @Argument(help: "Object id, mailbox address or exact display name.") var room: String
    @Flag(help: "Print JSON with Graph property names.") var json = false
    @Flag(help: "Answer from the local index only, sending Graph nothing.") var offline = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try demo.refuse(offline: offline)
    }

    func run() async throws {
      try await RoomCommandRunner.run(common: common, demo: demo, offline: offline) { client in
        let found = try RoomCommandRunner.find(room, in: try await client.allRooms(DirectoryCommand.reportRetry).rooms)
        try DirectoryCommand.write(json ? try RoomOutput.json(found) : RoomOutput.detail(found))
      }
    }
  }
}
