import Foundation
import Graph
import Index
import RosterCore
import SearchRules

/// What the line mode asks the directory, with the same parts as `roster search` and `roster show`:
/// every page of Graph's answer ranked by the list's rule (`SearchCommand.gather`,
/// `PeopleRanking`), your people first, close matches and phone numbers from the local index
/// (the demo's throw-away one), and the card from `personDetail` and `PersonReach`. Nothing here
/// is a second search.
final class LineDirectory: @unchecked Sendable {
  private let client: DirectoryClient
  private let graph: SignedInGraph
  private let demo: DemoOptions
  private let common: CommonOptions
  private let yourPeople: YourPeople
  /// The index, opened when first needed; nil inside when there is no complete one.
  private var index: DirectoryIndex??

  init(client: DirectoryClient, graph: SignedInGraph, common: CommonOptions, demo: DemoOptions) {
    self.client = client
    self.graph = graph
    self.common = common
    self.demo = demo
    yourPeople = demo.demo ? .none : IndexContext.keptYourPeople(graph)
  }

  /// The answer for `text`: the first `LineText.shownResults` numbered, the rest counted.
  func search(_ text: String) async throws -> LineResults {
    let limit = LineText.shownResults
    let query: PeopleQuery
    switch PeopleQuery.parsing(text, pageSize: limit) {
    case .success(let parsed): query = parsed
    case .failure(let failure): throw LineProblem(failure.message)
    }
    if PhoneKey(typed: text) != nil, let index = await openIndex() {
      let people = try index.search(text, limit: limit + 1)
      return await results(text, Array(people.prefix(limit)), notShown: max(0, people.count - limit), known: true)
    }
    let gathered = try await SearchCommand.gather(query, all: false, client: client)
    let ranked = PeopleRanking.ranked(gathered.people, for: query.text, closeness: yourPeople.closeness)
    let shown = Array(ranked.prefix(limit))
    let total = gathered.total ?? ranked.count
    var answer = await results(text, shown, notShown: max(0, total - shown.count), known: gathered.complete)
    if shown.count < limit, query.filters.isEmpty, let index = await openIndex(),
      let close = try? SearchCommand.closeMatches(index, text: text, limit: limit - shown.count, excluding: shown)
    {
      let presence = await presences(close.people)
      answer.close = close.people.map {
        LineRow(person: $0, isYourPerson: isYours($0), isCloseMatch: true, presence: presence[$0.id])
      }
    }
    return answer
  }

  private func results(_ text: String, _ people: [Person], notShown: Int, known: Bool) async -> LineResults {
    let presence = await presences(people)
    let rows = people.map { LineRow(person: $0, isYourPerson: isYours($0), presence: presence[$0.id]) }
    return LineResults(query: CleanText(text).string, exact: rows, notShown: notShown, totalKnown: known)
  }

  private func isYours(_ person: Person) -> Bool { yourPeople.closeness.rank(of: person.id) != nil }

  /// Presence in words for `people`, when the sign-in may read it; none on a failure (the list
  /// still reads without it).
  private func presences(_ people: [Person]) async -> [String: String] {
    guard graph.account.canReadPresence, !people.isEmpty,
      let found = try? await client.presences(people.map(\.id))
    else { return [:] }
    return found.mapValues(LineText.presence)
  }

  /// The person's card: `roster show`'s detail and reach lines.
  func card(_ id: String) async throws -> LineCard {
    let detail = try await client.personDetail(id, DirectoryCommand.reportRetry)
    let reach = await PersonReach.read(
      for: detail.person, account: graph.account, directory: client, schedules: graph.schedules)
    if !demo.demo, isatty(STDOUT_FILENO) == 1 { IndexContext.recordOpened(id, graph) }
    var fields: [LineField] = []
    if reach.outOfOffice == true { fields.append(LineField("Out of office", reach.outOfOfficeMessage ?? "yes")) }
    if let status = reach.statusMessage { fields.append(LineField("Status", status)) }
    if let time = reach.localTime { fields.append(LineField("Local time", time)) }
    if let hours = reach.workingHours { fields.append(LineField("Working hours", hours)) }
    if let today = reach.today { fields.append(LineField("Today", today)) }
    return LineCard(
      detail: detail, presence: reach.presence.map(Self.words), reach: fields, notes: reach.notes,
      yourPerson: yourPeople.explanation(for: id, now: Date()),
      canListGroups: graph.account.holds(
        anyOf: "groupmember.read.all", "group.read.all", "group.readwrite.all", "directory.read.all",
        "directory.readwrite.all"),
      canReadFullProfiles: graph.account.canReadFullProfiles)
  }

  /// `PersonReach`'s presence ("Busy · In a meeting") as words in a line: "busy, in a meeting".
  static func words(_ presence: String) -> String {
    presence.replacingOccurrences(of: " · ", with: ", ").lowercased()
  }

  /// The names of the groups `person` is directly in, as `roster show --member-of` lists them.
  func groups(of person: Person) async throws -> [String] {
    let groups = GroupClient.live(
      configuration: graph.configuration, tokens: graph.runtime.session, transport: graph.runtime.transport)
    var page = try await groups.memberOf(
      MemberOfQuery(personID: person.id, transitive: false, pageSize: 999), DirectoryCommand.reportRetry)
    var found = page.groups
    while let cursor = page.next {
      page = try await groups.nextGroups(cursor, DirectoryCommand.reportRetry)
      found += page.groups
    }
    return found.map { $0.displayName?.string ?? $0.mail?.string ?? $0.id }
  }

  /// The complete local index (in the demo, this run's throw-away one), opened once.
  private func openIndex() async -> DirectoryIndex? {
    if let index { return index }
    var opened: DirectoryIndex?
    if let context = try? await IndexContext.make(common, demo: demo) {
      if demo.demo {
        opened = await context.syncedForDemo()
      } else if FileManager.default.fileExists(atPath: context.location.file.path),
        let candidate = try? context.open(), (try? candidate.status())?.complete == true
      {
        opened = candidate
      }
    }
    index = .some(opened)
    return opened
  }
}

/// A problem with what was typed (a malformed filter): said, and the prompt comes back.
struct LineProblem: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
