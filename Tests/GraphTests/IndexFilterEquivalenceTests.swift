import Foundation
import Graph
import Index
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing

/// Filters offline and online give the same people (issue 32): questions made from the
/// directory's own values (prefixes of departments, titles, offices, companies, cities and
/// countries in any case, accents and all), `is:` and `has:`, combined with each other and with
/// name words, and `manager:`/`under:` by mail and by name, asked of the sandbox through Roster's
/// live client (`$search` + `$filter`, its walk of `directReports`) and of an index synced from it,
/// comparing the sets of ids. A question one side refuses, the other refuses too.
@Suite struct IndexFilterEquivalenceTests {
  /// Every person the live client lists for `question` (words and filters), all pages; nil when
  /// it refuses the question.
  static func online(_ graph: SandboxGraph, _ question: String) async throws -> Set<String>? {
    let query = try PeopleQuery.parsing(question, pageSize: 999).get()
    do {
      var page = try await graph.client.searchPeople(query, graph.notices.callback)
      var people = page.people
      while let cursor = page.next {
        page = try await graph.client.nextPage(cursor, graph.notices.callback)
        people += page.people
      }
      return Set(people.map(\.id))
    } catch let error as DirectoryError {
      // Refused, or (`manager:` a mail no one has) the person read answered 404.
      switch error {
      case .unsupportedQuery, .notFound: return nil
      default: throw error
      }
    }
  }

  static func offline(_ index: DirectoryIndex, _ question: String) throws -> Set<String>? {
    do { return Set(try index.search(question, limit: 100_000).map(\.id)) } catch is IndexRefusal { return nil }
  }

  /// Questions from `people` (as the index holds them, every field), reproducibly.
  static func questions(from people: [Person], managers: [(person: Person, reports: Int)]) -> [String] {
    var random = SeededRandom(seed: 32)
    func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    func quoted(_ value: String) -> String { value.contains(" ") ? "\"\(value)\"" : value }
    func prefix(_ value: String) -> String {
      let characters = Array(value)
      let cut = String(characters.prefix(1 + Int(random.next() % UInt64(min(8, characters.count)))))
      switch random.next() % 3 {
      case 0: return cut.uppercased()
      case 1: return cut.lowercased()
      default: return cut
      }
    }
    let keys: [(String, KeyPath<Person, CleanText?>)] = [
      ("dept", \.department), ("title", \.jobTitle), ("office", \.officeLocation), ("company", \.companyName),
      ("city", \.city), ("country", \.country),
    ]
    func property() -> String {
      while true {
        let (key, path) = pick(keys)
        if let value = pick(people)[keyPath: path]?.string, !value.isEmpty { return "\(key):\(quoted(prefix(value)))" }
      }
    }
    func word() -> String {
      let name = pick(people).displayName?.string ?? "a"
      return String(pick(name.split(separator: " ")).prefix(1 + Int(random.next() % 3)))
    }
    var questions = [
      "is:guest", "is:member", "is:disabled", "has:mobile", "is:guest has:mobile", "is:disabled is:member",
      "a is:guest", "e has:mobile", "city:zur", "city:zür", "city:ZÜR", "country:\"united k\"", "dept:zzz",
      "office:'", "manager:x@nowhere.example", "manager:a", "under:e",
    ]
    for _ in 0..<60 { questions.append(property()) }
    for _ in 0..<30 {
      questions.append("\(property()) \(pick(["is:member", "has:mobile", "is:guest", "is:disabled"]))")
    }
    for _ in 0..<30 { questions.append("\(word()) \(property())") }
    for _ in 0..<20 { questions.append("\(property()) \(property())") }
    for (manager, _) in managers.prefix(8) {
      guard let mail = manager.mail?.string, let name = manager.displayName?.string else { continue }
      questions.append("manager:\(mail)")
      questions.append("manager:\(quoted(name))")
      questions.append("under:\(mail)")
      questions.append("under:\(mail) \(property())")
      questions.append("\(word()) manager:\(mail)")
      questions.append("manager:\(mail) has:mobile")
    }
    questions.append("manager:\(managers[0].person.mail?.string ?? "") under:\(managers[1].person.mail?.string ?? "")")
    return questions
  }

  @Test func offlineAndOnlineFilterTheSamePeople() async throws {
    try await SandboxGraph.run(size: 2000) { graph in
      let fixture = try IndexFixture(graph)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let people = try index.search("a", limit: 100_000) + (try index.search("e", limit: 100_000))
      // Managers with a team of a few to a few dozen below them (their walks stay small).
      var managers: [(person: Person, reports: Int)] = []
      for person in people where managers.count < 12 {
        guard let detail = try index.detail(id: person.id), (2...8).contains(detail.directReports.count),
          !managers.contains(where: { $0.person.id == person.id })
        else { continue }
        managers.append((person, detail.directReports.count))
      }
      #expect(managers.count >= 8)
      var answered = 0
      var refused = 0
      for question in Self.questions(from: people, managers: managers) {
        let online = try await Self.online(graph, question)
        let offline = try Self.offline(index, question)
        let same = online == offline
        #expect(
          same,
          """
          "\(question)": online \(online.map { "\($0.count)" } ?? "refused"), \
          offline \(offline.map { "\($0.count)" } ?? "refused"), \
          e.g. \((online ?? []).symmetricDifference(offline ?? []).prefix(3))
          """)
        if online == nil { refused += 1 } else if !(online ?? []).isEmpty { answered += 1 }
      }
      #expect(answered >= 150)
      #expect(refused >= 2)
    }
  }

  /// `manager:NAME` where the name finds more than one page of ten and the one person called
  /// exactly that comes last in Graph's order (first in the ranking's): both paths look at every
  /// match, so both choose her, where Graph's first ten used to refuse what the index answered.
  @Test func aNameWithManyMatchesChoosesTheSamePersonOnlineAndOffline() async throws {
    func user(_ number: Int, _ name: String, manager: Int? = nil) -> [String: Any] {
      var user: [String: Any] = [
        "id": String(format: "20000000-0000-4000-8000-%012d", number), "displayName": name,
        "givenName": String(name.split(separator: " ")[0]), "surname": String(name.split(separator: " ")[1]),
        "mail": "p\(number)@contoso.test", "userPrincipalName": "p\(number)@contoso.test", "jobTitle": "Staff",
      ]
      if let manager { user["manager"] = String(format: "20000000-0000-4000-8000-%012d", manager) }
      return user
    }
    let namesakes = (1...14).map { user($0, "Maria Garcia \(["Lopez", "Ruiz", "Sanz", "Vidal"][$0 % 4])\($0)") }
    let people =
      [user(0, "Ada Boss")] + namesakes + [user(20, "Maria Garcia"), user(21, "Rey One", manager: 20)]
      + [user(22, "Rey Two", manager: 20), user(23, "Rey Three", manager: 3)]
    try await SandboxGraph.run(people: people) { graph in
      let fixture = try IndexFixture(graph)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let reports: Set<String> = ["20000000-0000-4000-8000-000000000021", "20000000-0000-4000-8000-000000000022"]
      #expect(try await Self.online(graph, "manager:\"Maria Garcia\"") == reports)
      #expect(try Self.offline(index, "manager:\"Maria Garcia\"") == reports)
      // A name none is called exactly: both refuse it alike.
      #expect(try await Self.online(graph, "manager:\"Maria G\"") == nil)
      #expect(try Self.offline(index, "manager:\"Maria G\"") == nil)
    }
  }

  /// An index filled under `User.ReadBasic.All` holds no departments and no managers: it says so
  /// rather than answering "no one".
  @Test func aBasicProfileIndexRefusesFiltersItCannotAnswer() async throws {
    try await SandboxGraph.run(size: 200, scope: "openid profile offline_access User.Read User.ReadBasic.All") {
      graph in
      let fixture = try IndexFixture(graph)
      defer { fixture.remove() }
      let index = try fixture.open()
      try index.conform(to: .basic)
      _ = try await fixture.sync(index)
      #expect(try index.filterSupport() == IndexFilterSupport(fullProfiles: false, managersKnown: false))
      #expect(throws: IndexRefusal.self) { try index.search("dept:a", limit: 10) }
      #expect(throws: IndexRefusal.self) { try index.search("a manager:b@c.d", limit: 10) }
      #expect(try !index.search("a", limit: 10).isEmpty)
    }
  }
}
