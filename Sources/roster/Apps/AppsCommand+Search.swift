import ArgumentParser
import Foundation
import RosterCore

extension AppsCommand {
  /// `roster apps search WORDS… [--limit N]`
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Find app registrations and enterprise apps by the words of their name.",
      discussion: """
        Every word must match the start of a word of the name (in any order), as Graph's $search does. \
        App registrations are listed first, then enterprise apps, each row saying which.
        """)

    @OptionGroup var search: ItemSearchOptions
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws { try search.validate(demo: demo) }

    func run() async throws {
      try await ItemOrigin.run(common: common, demo: demo, offline: search.offline, kinds: [.app, .enterpriseApp]) {
        origin in
        let found = try await AppSources(origin).search(search.text, limit: search.limit)
        try DirectoryCommand.write(AppOutput.render(found.apps, as: search.format))
        if found.apps.isEmpty, case .table = search.format { DirectoryCommand.say("No app matches.") }
        if found.more { DirectoryCommand.say("More apps match than --limit \(search.limit) lists.") }
      }
    }
  }

  /// `roster apps show ID|APPID|NAME`
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one app: kind, client id, credentials soonest first, what it may do, owners, its other half.")

    @Argument(help: "Object id, appId (client id) or exact display name.") var app: String
    @Flag(help: "Print JSON: the app with Graph property names and @odata.type, plus owners.") var json = false
    @Flag(help: "Answer from the local index only (it keeps no owners or permissions), sending Graph nothing.")
    var offline = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try demo.refuse(offline: offline)
    }

    func run() async throws {
      try await ItemOrigin.run(common: common, demo: demo, offline: offline, kinds: [.app, .enterpriseApp]) { origin in
        let detail = try await AppSources(origin).find(app)
        let tenantId = origin.graph?.account.tenantId.string
        try DirectoryCommand.write(
          json ? try AppOutput.json(detail) : AppOutput.detail(detail, tenantId: tenantId, now: Date()))
      }
    }
  }
}
