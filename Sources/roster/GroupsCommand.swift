import ArgumentParser
import Foundation
import RosterCore

/// `roster groups search|show|members`: groups and teams from the command line (issue 20), with
/// the formats, `--offline`, `--demo` and exit codes of `search` and `show`.
struct GroupsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "groups",
    abstract: "Find groups and teams, show one, list its members.",
    discussion: """
      Reading groups needs GroupMember.Read.All (an administrator consents to it); the members of \
      a group with hidden membership need Member.Read.Hidden. Exit codes: 0 done (or nothing \
      matched), 1 no such group, 2 usage, 3 not signed in (or no complete index with --offline), \
      4 service or network error, or a missing permission.
      """,
    subcommands: [Search.self, Show.self, Members.self, GroupAddCommand.self, GroupRemoveCommand.self])

  /// `roster groups search WORDS…`
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Find groups by the words of their name or description.",
      discussion: "Every word must match (in any order), as Microsoft Graph's $search matches groups.")

    @Argument(help: "Words to look for.") var words: [String]
    @Option(help: "How many groups to ask for per request (1-999).") var top: Int = 25
    @Flag(help: "Follow every page of results, not just the first.") var all = false
    @OptionGroup var output: GroupOutputOptions
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try output.validate(demo: demo)
      if !(1...999).contains(top) { throw ValidationError("--top must be between 1 and 999.") }
      if words.joined().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
        throw ValidationError("Give at least one word to search for.")
      }
    }

    func run() async throws {
      try await GroupCommandRunner.run(common: common, demo: demo, offline: output.offline) { client in
        var page = try await client.groups.searchGroups(
          GroupQuery(text: words.joined(separator: " "), pageSize: top), DirectoryCommand.reportRetry)
        var groups = page.groups
        while all, let cursor = page.next {
          page = try await client.groups.nextGroups(cursor, DirectoryCommand.reportRetry)
          groups += page.groups
        }
        if !all { groups = Array(groups.prefix(top)) }
        try DirectoryCommand.write(GroupOutput.render(groups, as: output.format))
        if groups.isEmpty, case .table = output.format { DirectoryCommand.say("No group matches.") }
        client.sayFromIndex()
      }
    }
  }

  /// `roster groups show ID|MAIL|NAME`
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one group: kind, mail, description, visibility, membership rule, counts and owners.")

    @Argument(help: "Object id, mail address, mail nickname or exact display name.") var group: String
    @Flag(help: "Print JSON: the group with Graph property names, plus owners and counts.") var json = false
    @Flag(help: "Answer from the local index only, sending Graph nothing.") var offline = false
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try demo.refuse(offline: offline)
    }

    func run() async throws {
      try await GroupCommandRunner.run(common: common, demo: demo, offline: offline) { client in
        let detail = try await client.groups.groupDetail(group, DirectoryCommand.reportRetry)
        try DirectoryCommand.write(json ? try GroupDetailOutput.json(detail) : GroupDetailOutput.text(detail))
        client.sayFromIndex()
      }
    }
  }

  /// `roster groups members ID [--transitive] [--path]`
  struct Members: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "members",
      abstract: "List a group's members: people, nested groups and other objects.",
      discussion: """
        Members Graph describes only by id and type (devices, service principals, objects this \
        sign-in may not read) are listed as such; members Graph counts but does not list, and people \
        hidden from the address list, are counted on stderr.
        """)

    @Argument(help: "The group: object id, mail address, mail nickname or exact display name.") var group: String
    @Flag(help: "Members of nested groups too, each once.") var transitive = false
    @Flag(help: "For each member, the chain of nested groups it is in the group through (implies --transitive).")
    var path = false
    @Option(help: "Members per request (1-999).") var top: Int = 100
    @Flag(help: "Follow every page, not just the first.") var all = false
    @OptionGroup var output: GroupOutputOptions
    @OptionGroup var demo: DemoOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
      try output.validate(demo: demo)
      if !(1...999).contains(top) { throw ValidationError("--top must be between 1 and 999.") }
    }

    func run() async throws {
      try await GroupCommandRunner.run(common: common, demo: demo, offline: output.offline) { client in
        let found = try await client.groups.groupDetail(group, DirectoryCommand.reportRetry).group
        let query = MembersQuery(groupID: found.id, transitive: transitive || path, pageSize: top)
        var page = try await client.groups.members(query, DirectoryCommand.reportRetry)
        let total = page.totalCount
        var members = page.members
        var hidden = page.hiddenFromAddressList
        var notListed = page.notListed
        while all, let cursor = page.next {
          page = try await client.groups.nextMembers(cursor, DirectoryCommand.reportRetry)
          members += page.members
          hidden += page.hiddenFromAddressList
          notListed = page.notListed ?? notListed
        }
        var paths: [String: MembershipPath] = [:]
        if path {
          for member in members {
            if let found = try await client.groups.membershipPath(member.id, found.id, DirectoryCommand.reportRetry) {
              paths[member.id] = found
            }
          }
        }
        try DirectoryCommand.write(GroupOutput.render(members, paths: paths, as: output.format))
        var notes: [String] = []
        if let total { notes.append("\(total) \(transitive || path ? "transitive " : "")members in all") }
        if !all, page.next != nil { notes.append("more with --all") }
        let undescribed = members.filter(\.isOnlyIdAndType).count
        if undescribed > 0 { notes.append("\(undescribed) described by Graph only by id and type") }
        if hidden > 0 { notes.append("\(hidden) hidden from the address list, not listed") }
        if let notListed, notListed > 0 {
          notes.append("\(notListed) counted by Graph but not listed (v1.0 leaves them out)")
        }
        if !notes.isEmpty { DirectoryCommand.say(found.name.string + ": " + notes.joined(separator: "; ") + ".") }
        client.sayFromIndex()
      }
    }
  }
}

/// The output and source options `groups search` and `groups members` share.
struct GroupOutputOptions: ParsableArguments {
  @Flag(help: "Print JSON with Graph property names.") var json = false
  @Flag(help: "Print CSV with a header row.") var csv = false
  @Flag(help: "Answer from the local index only, sending Graph nothing.") var offline = false

  var format: OutputFormat { OutputFormat.chosen(json: json, csv: csv) }

  func validate(demo: DemoOptions) throws {
    try OutputFormat.refuseBoth(json: json, csv: csv)
    try demo.refuse(offline: offline)
  }
}
