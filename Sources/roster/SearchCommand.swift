import ArgumentParser
import Foundation
import Index
import RosterCore
import SearchRules

/// `roster search QUERY [--top N] [--all] [--json|--csv]`: people matching every word, for
/// scripts and for a quick answer. Data on stdout, messages on stderr.
struct SearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Find people by name, mail, sign-in name, filter, phone, alias or employee id.",
    discussion: """
      Every word must match (in any order): "smith jo" finds Jo Smith. Beside names, the words \
      can be filters (the value starts with the text, ignoring case) and lookups (the whole \
      text, alone):
      \(SearchSyntaxHelp.lines)

      Filters combine with each other and with names: "dept:Sales title:engineer" lists \
      everyone in Sales whose title starts with engineer. A phone number is looked up in the \
      local index (in the demo, one made for the run); Graph cannot search phone numbers. \
      Prints a table on a terminal, or JSON / CSV with Graph property names. Uses the sign-in \
      from `roster login`. \
      Exit codes: 0 found (or nothing matched), 2 usage, 3 not signed in, 4 service or network error.
      """)

  @Argument(help: "Words to look for; quote them or not.", completion: .custom(PeopleCompletion.searchWords))
  var words: [String]

  @Option(help: "How many people to print: the first of the list's order among everyone who matches (1-999).")
  var top: Int = 25

  @Flag(help: "Print everyone who matches, not just the first --top.")
  var all = false

  @Flag(help: "Print a JSON array of people.")
  var json = false

  @Flag(help: "Print CSV with a header row.")
  var csv = false

  @Flag(help: "Answer from the local index only, sending Graph nothing (exit 3 when there is no complete index).")
  var offline = false

  @Flag(
    help: """
      When fewer than --top match exactly, add close matches (misspellings) from the local index, \
      marked: a divider in the table, "closeMatch" in JSON and CSV. Needs a synced index.
      """)
  var close = false

  @Option(
    help: """
      Columns to print, comma-separated, in Graph's names (displayName,mail,department,manager); \
      also city, country, companyName, officeLocation, mobilePhone, userType, … (manager asks \
      Graph once per person).
      """)
  var columns: String?

  @OptionGroup var demo: DemoOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    try OutputFormat.refuseBoth(json: json, csv: csv)
    if !(1...999).contains(top) { throw ValidationError("--top must be between 1 and 999.") }
    if close && all { throw ValidationError("--close lists at most --top people; leave out --all.") }
    try demo.refuse(offline: offline)
    if words.joined().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ValidationError("Give at least one word to search for.")
    }
    let query = try parsedQuery()
    if let columns {
      _ = try PersonColumn.parse(columns)
      if close { throw ValidationError("--columns prints exact matches; leave out --close.") }
    }
    if !query.filters.isEmpty, close {
      throw ValidationError("--close finds misspelt names, not filters; leave out --close or the filters.")
    }
  }

  /// The words and filters, or a usage error naming the malformed filter.
  private func parsedQuery() throws -> PeopleQuery {
    switch PeopleQuery.parsing(text, pageSize: top) {
    case .success(let query): return query
    case .failure(let failure): throw ValidationError(failure.message)
    }
  }

  func run() async throws {
    let format: OutputFormat = OutputFormat.chosen(json: json, csv: csv)
    if offline { return try await runOffline(format: format) }
    if try await answeredPhoneFromIndex(format: format) { return }
    try await DirectoryCommand.runSignedIn(common: common, demo: demo) { client, graph in
      var query = try parsedQuery()
      let chosen = try columns.map(PersonColumn.parse)
      // JSON has one shape whatever the source: Graph is asked for every property in it.
      query.fields = chosen?.compactMap(\.property) ?? (json ? PeopleOutput.jsonProperties : [])
      let gathered = try await Self.gather(query, all: all, client: client)
      // Every match ranked by the list's rule (the person's own people first in each tier, as
      // the index keeps them), then the first `--top` of that order.
      let near = demo.demo ? YourPeople.none : IndexContext.keptYourPeople(graph)
      var people = PeopleRanking.ranked(gathered.people, for: query.text, closeness: near.closeness)
      if !all { people = Array(people.prefix(top)) }
      if let note = Self.leftOutNote(shown: people.count, of: gathered) { DirectoryCommand.say(note) }
      if let chosen {
        return try await writeColumns(people, chosen, client: client, format: format)
      }
      let found = close ? try await closeMatches(excluding: people) : nil
      try write(people, close: found, format: format, near: near.closeness)
      if people.isEmpty, found == nil, let why = Self.phoneNeedsIndex(text) { DirectoryCommand.say(why) }
    }
  }

  var text: String { words.joined(separator: " ") }

  /// The people in the chosen columns; a `manager` column reads each person's manager (one
  /// Graph round trip a person, a `$batch` of person, manager and reports: fine for a page).
  private func writeColumns(
    _ people: [Person], _ chosen: [PersonColumn], client: DirectoryClient, format: OutputFormat
  ) async throws {
    var records = people.map { PersonRecord(person: $0) }
    if chosen.contains(where: { $0.name == "manager" }) {
      for index in records.indices {
        let detail = try await client.personDetail(records[index].person.id, DirectoryCommand.reportRetry)
        records[index].manager = detail.manager
      }
    }
    try DirectoryCommand.write(PersonColumn.render(records, columns: chosen, as: format))
    if people.isEmpty, case .table = format { DirectoryCommand.say("No one matches.") }
  }

  /// The index's close matches when fewer than `--top` matched exactly (none without --close).
  private func closeMatches(excluding exact: [Person]) async throws -> CloseMatches? {
    guard close, exact.count < top else { return nil }
    let context = try await IndexContext.make(common, demo: demo)
    if demo.demo {
      guard let index = await context.syncedForDemo() else { return nil }
      return try Self.closeMatches(index, text: text, limit: top - exact.count, excluding: exact)
    }
    guard FileManager.default.fileExists(atPath: context.location.file.path),
      let index = try? context.open(), (try? index.status())?.complete == true
    else {
      DirectoryCommand.say("Close matches come from the local index: run `roster index sync` first.")
      return nil
    }
    return try Self.closeMatches(index, text: text, limit: top - exact.count, excluding: exact)
  }

  static func closeMatches(_ index: DirectoryIndex, text: String, limit: Int, excluding exact: [Person]) throws
    -> CloseMatches?
  {
    guard let found = try index.closeMatches(text, limit: limit + exact.count, wait: true) else { return nil }
    let known = Set(exact.map(\.id))
    let people = found.people.filter { !known.contains($0.id) }.prefix(limit)
    return people.isEmpty
      ? nil : CloseMatches(people: Array(people), forgiven: found.forgiven, byMailName: found.byMailName)
  }

  func write(_ people: [Person], close found: CloseMatches?, format: OutputFormat, near: Closeness) throws {
    if close {
      try DirectoryCommand.write(PeopleOutput.render(people, close: found, as: format))
    } else {
      try DirectoryCommand.write(PeopleOutput.render(people, as: format, near: near))
    }
    if people.isEmpty, found == nil, case .table = format { DirectoryCommand.say("No one matches.") }
  }

  /// The same query against the local index: the same people as Graph's `$search` and `$filter`
  /// would give.
  private func runOffline(format: OutputFormat) async throws {
    let (index, _) = try await IndexContext.openOffline(common, demo: demo)
    try answer(from: index, format: format)
  }

  /// The query answered by `index`, written as Graph's answer is.
  func answer(from index: DirectoryIndex, format: OutputFormat) throws {
    var people: [Person]
    do {
      // One more than `--top`, to say whether more match.
      people = try index.search(text, limit: all ? Int.max : top + 1)
    } catch let refusal as IndexRefusal {
      // A filter the index cannot answer (a basic-profile index, a name that finds several people).
      DirectoryCommand.say(refusal.message)
      throw ExitCode(2)
    }
    let moreMatch = !all && people.count > top
    if moreMatch { people.removeLast(people.count - top) }
    if let note = Self.leftOutNote(shown: people.count, moreMatch: moreMatch) { DirectoryCommand.say(note) }
    let found =
      close && people.count < top
      ? try Self.closeMatches(index, text: text, limit: top - people.count, excluding: people) : nil
    try write(people, close: found, format: format, near: (try? index.yourPeople())?.closeness ?? .none)
  }
}
