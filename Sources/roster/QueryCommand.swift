import ArgumentParser
import Foundation
import Graph
import Index
import RosterCore

/// `roster query WORDS… [--format mutt|aerc]`: Roster as a mail client's address book.
///
/// mutt/neomutt `query_command` reads one free-text line, then `address<TAB>name<TAB>extra`
/// lines, and shows the first line as an error when the command exits non-zero (mutt's
/// `query.c`). Fields are split with `strtok` on tabs, so an empty field would shift the next
/// one left: every line has a non-empty name, and no trailing tab when there is no extra.
/// aerc's `address-book-cmd` reads `address<TAB>name` lines with no header.
struct QueryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "query",
    abstract: "Look up mail addresses for mutt, neomutt or aerc.",
    discussion: """
      muttrc:    set query_command = "roster query %s"
      aerc.conf: address-book-cmd = roster query --format aerc "%s"
      Exit codes: 0 found, 1 nothing matched (mutt shows the first line), 2 usage, \
      3 not signed in, 4 service or network error. With --format aerc nothing found is \
      exit 0 and no output.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case mutt, aerc }

  @Argument(help: "Words to look up (name, mail or sign-in name).")
  var words: [String]

  @Option(help: "Output format: mutt (default, also neomutt) or aerc.")
  var format: Format = .mutt

  @Option(help: "At most this many addresses (1-100).")
  var limit: Int = 20

  @Flag(help: "For a distribution list (or any group with a mail) found, list its members' addresses instead.")
  var expand = false

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if !(1...100).contains(limit) { throw ValidationError("--limit must be between 1 and 100.") }
  }

  func run() async throws {
    let text = words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      // mutt calls the command with an empty query when the person presses Enter at the prompt.
      if format == .mutt { try DirectoryCommand.write("roster: type part of a name or address\n") }
      throw ExitCode(format == .mutt ? 1 : 0)
    }
    let lookup: AddressLookup
    do {
      // The demo's tenant is new on every run: its throw-away index is built first, so the
      // demo answers as a synced index does, close matches included (docs/guide-search.md's
      // `aditya gutpa`).
      if demo.demo { _ = try await IndexContext.make(common, demo: demo).syncedForDemo() }
      lookup = try await AddressLookup.best(common.makeRuntime(demo: demo))
    } catch let stop as CommandStop {
      // mutt shows the first line: what is wrong, in one line; the whole message goes to stderr.
      if format == .mutt { try DirectoryCommand.write("roster: \(stop.summary)\n") }
      throw stop
    }
    do {
      var people = try await lookup.find(text, limit)
      // Lists too, by name or by their address; a sign-in that may not read groups still
      // gets its people (mutt must not fail for a missing group permission).
      let lists = (try? await lookup.findGroups(text, limit)) ?? []
      for list in lists {
        if expand, let members = try? await lookup.expand(list) {
          people += members.filter { member in !people.contains { $0.mail == member.mail } }
        } else {
          people.append(AddressLookup.entry(for: list))
        }
      }
      var close = false
      if people.isEmpty, let forgiven = try await lookup.close(text, limit), !forgiven.isEmpty {
        // Only when nothing (no person, no list) matches exactly: a close match never sits
        // among exact ones.
        (people, close) = (forgiven, true)
      }
      let output = AddressBookOutput.render(
        people, query: text, format: format == .mutt ? .mutt : .aerc, close: close)
      try DirectoryCommand.write(output.text)
      if output.isEmpty && format == .mutt { throw ExitCode(1) }
    } catch let error as DirectoryError {
      if format == .mutt { try DirectoryCommand.write("roster: " + DirectoryCommand.describe(error) + "\n") }
      DirectoryCommand.say(DirectoryCommand.describe(error))
      throw ExitCode(DirectoryCommand.exitCode(for: error))
    }
  }
}

/// Where `roster query` finds people: one function, so the output code does not care whether the
/// local index or Graph answered.
struct AddressLookup: Sendable {
  var find: @Sendable (_ text: String, _ limit: Int) async throws -> [Person]
  /// Close matches (misspellings) with a mail, from the local index; nil without one.
  var close: @Sendable (_ text: String, _ limit: Int) async throws -> [Person]? = { _, _ in nil }
  /// Groups with a mail (distribution lists, mail-enabled groups) matching the words, or whose
  /// mail is exactly the text.
  var findGroups: @Sendable (_ text: String, _ limit: Int) async throws -> [Group] = { _, _ in [] }
  /// The people with a mail in a group, through nested groups too.
  var expand: @Sendable (_ group: Group) async throws -> [Person] = { _ in [] }

  /// How a list is printed: its mail and name, its kind as mutt's extra field.
  static func entry(for group: Group) -> Person {
    Person(id: group.id, displayName: group.displayName, mail: group.mail, jobTitle: group.kind.label)
  }

  /// Groups with an address for `text` from `client`: the one whose mail it is, or a search.
  static func addressable(_ client: GroupClient, _ text: String, _ limit: Int) async throws -> [Group] {
    if Person.couldBeExactAddress(text), text.contains("@") {
      guard let group = try? await client.groupDetail(text) { _ in }.group else { return [] }
      return group.isAddressable ? [group] : []
    }
    let page = try await client.searchGroups(GroupQuery(text: text, pageSize: min(999, limit * 2))) { _ in }
    return Array(page.groups.filter(\.isAddressable).prefix(limit))
  }

  /// Every addressable person in `group`, nested groups included (pages followed, at most 50).
  static func members(_ client: GroupClient, of group: Group) async throws -> [Person] {
    var page = try await client.members(MembersQuery(groupID: group.id, transitive: true, pageSize: 999)) { _ in }
    var people = page.members.compactMap(\.person)
    var pages = 1
    while let cursor = page.next, pages < 50 {
      page = try await client.nextMembers(cursor) { _ in }
      people += page.members.compactMap(\.person)
      pages += 1
    }
    return people.filter { $0.mail?.nonEmpty != nil }
  }

  /// The fastest source available for this sign-in: the local index when a complete one younger
  /// than `IndexState.maximumAge` exists (no request at all: fast enough for every Tab), else one
  /// Graph search with the cached sign-in.
  static func best(_ runtime: CommandRuntime) async throws -> AddressLookup {
    if let local = await localIndex(runtime) { return local }
    var lookup = graph(try await DirectoryCommand.makeClient(runtime))
    if let account = await runtime.session.restoreSession(),
      let configuration = try? GraphConfiguration(settings: runtime.settings, tenantId: account.tenantId.string)
    {
      let groups = GroupClient.live(configuration: configuration, tokens: runtime.session, transport: runtime.transport)
      lookup.findGroups = { text, limit in try await addressable(groups, text, limit) }
      lookup.expand = { group in try await members(groups, of: group) }
    }
    return lookup
  }

  /// The signed-in account's index, if it is on, complete and young enough; nil otherwise (the
  /// Graph path then says what is wrong, e.g. not signed in).
  static func localIndex(_ runtime: CommandRuntime) async -> AddressLookup? {
    guard runtime.settings.index, let account = await runtime.session.restoreSession() else { return nil }
    let location = IndexLocation(account: account, environment: runtime.environment)
    guard FileManager.default.fileExists(atPath: location.file.path),
      let index = try? DirectoryIndex.open(location),
      (try? index.conform(to: ProfileGrant(account))) != nil, (try? index.conformGroups(to: account)) != nil,
      let status = try? index.status(), status.complete, let lastSync = status.lastSync,
      Date().timeIntervalSince(lastSync) <= IndexState.maximumAge
    else { return nil }
    let groups = GroupClient.index { index }
    return AddressLookup(
      find: { text, limit in
        // Twice the limit, as for Graph: people without a mail are left out afterwards.
        let people = try index.search(text, limit: limit * 2)
        return Array(people.filter { $0.mail?.nonEmpty != nil }.prefix(limit))
      },
      close: { text, limit in
        let found = try index.closeMatches(text, limit: limit * 2, wait: true)?.people ?? []
        return Array(found.filter { $0.mail?.nonEmpty != nil }.prefix(limit))
      },
      findGroups: { text, limit in try await addressable(groups, text, limit) },
      expand: { group in try await members(groups, of: group) })
  }

  /// Microsoft Graph's people search: addressable people only (those with a mail).
  static func graph(_ client: DirectoryClient) -> AddressLookup {
    AddressLookup { text, limit in
      let page = try await client.searchPeople(PeopleQuery(text: text, pageSize: min(999, limit * 2))) { _ in }
      let people = PeopleRanking.ranked(page.people, for: text)
      return Array(people.filter { $0.mail?.nonEmpty != nil }.prefix(limit))
    }
  }
}

/// The text `roster query` prints, per mail client.
enum AddressBookOutput {
  enum Style { case mutt, aerc }

  /// `isEmpty` when no address was printed.
  /// `close` when `people` are close matches (nothing matched exactly): mutt's header says so.
  static func render(_ people: [Person], query: String, format: Style, close: Bool = false) -> (
    text: String, isEmpty: Bool
  ) {
    var lines: [String] = []
    for person in people {
      guard let mail = field(person.mail), !mail.contains(" ") else { continue }
      let name = field(person.displayName) ?? mail
      switch format {
      case .aerc:
        lines.append(mail + "\t" + name)
      case .mutt:
        let extra = [field(person.jobTitle), field(person.department)].compactMap { $0 }.joined(separator: ", ")
        lines.append(mail + "\t" + name + (extra.isEmpty ? "" : "\t" + extra))
      }
    }
    let shownQuery = field(CleanText(query)) ?? ""
    switch format {
    case .aerc:
      return (lines.map { $0 + "\n" }.joined(), lines.isEmpty)
    case .mutt:
      let header =
        lines.isEmpty
        ? "roster: no one in the directory matches '\(shownQuery)'"
        : close
          ? "roster: no exact match for '\(shownQuery)'; \(lines.count) close \(lines.count == 1 ? "match" : "matches")"
          : "roster: \(lines.count) \(lines.count == 1 ? "address" : "addresses") for '\(shownQuery)'"
      return (([header] + lines).map { $0 + "\n" }.joined(), lines.isEmpty)
    }
  }

  /// A field safe for a tab-separated line: clean text has no tabs or newlines (cleaning made them
  /// spaces); trimmed, nil when nothing is left.
  static func field(_ text: CleanText?) -> String? {
    text?.nonEmpty?.string
  }
}
