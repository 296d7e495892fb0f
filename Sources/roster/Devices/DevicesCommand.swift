import ArgumentParser
import Foundation
import RosterCore

/// `roster devices search|show`: registered devices from Graph's `/devices` (or the local index
/// with `--offline`), with the formats, `--demo` and exit codes of `roster groups` and `roster rooms`.
struct DevicesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices",
    abstract: "Find registered devices by name, and show one with its owners and users.",
    discussion: """
      Reading devices needs Device.Read.All (an administrator consents to it). Exit codes: 0 done \
      (or nothing matched), 1 no such device (or a name several devices share), 2 usage, 3 not \
      signed in (or no complete index with --offline), 4 service or network error, or a missing \
      permission.
      """,
    subcommands: [Search.self, Show.self])

  /// `roster devices search WORDS… [--limit N]`
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Find devices by the words of their name.",
      discussion: "Every word must match the start of a word of the name (in any order), as Graph's $search does.")

    @OptionGroup var search: ItemSearchOptions
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws { try search.validate(demo: demo) }

    func run() async throws {
      try await DeviceCommandRunner.run(common: common, demo: demo, offline: search.offline) { source in
        let found = try await source.search(search.text, search.limit)
        try DirectoryCommand.write(DeviceOutput.render(found.items, as: search.format))
        if found.items.isEmpty, case .table = search.format { DirectoryCommand.say("No device matches.") }
        if found.more { DirectoryCommand.say("More devices match than --limit \(search.limit) lists.") }
      }
    }
  }

  /// `roster devices show ID|NAME`
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one device: system, join type, compliance, last sign-in, and its owners and users.")

    @Argument(help: "Object id or exact display name.") var device: String
    @Flag(help: "Print JSON: the device with Graph property names, plus registeredOwners and registeredUsers.")
    var json = false
    @Flag(help: "Answer from the local index only (it keeps no owners or users), sending Graph nothing.")
    var offline = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try demo.refuse(offline: offline)
    }

    func run() async throws {
      try await DeviceCommandRunner.run(common: common, demo: demo, offline: offline) { source in
        let detail = try await DeviceCommandRunner.find(device, in: source)
        try DirectoryCommand.write(json ? try DeviceOutput.json(detail) : DeviceOutput.detail(detail, now: Date()))
      }
    }
  }
}
