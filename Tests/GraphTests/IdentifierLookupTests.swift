import Foundation
import Graph
import Index
import RosterCore
import TestSupport
import Testing

/// An alias (`smtp:` proxy address), an other mail or an employee id typed instead of a name finds
/// its owner online (Graph's `$filter` forms, against the sandbox's generated aliases) and offline
/// (the index's `person_lookup`), the same people, first in the list, marked with what found them.
@Suite struct IdentifierLookupTests {
  @Test func anAliasAnOtherMailOrAnEmployeeIdFindsItsOwnerOnlineAndOffline() async throws {
    try await SandboxGraph.run(size: 600) { graph in
      let fixture = try IndexFixture(graph)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      // A list leaves identifiers out (as Graph's list `$select` does); the pane's record has them.
      let listed = try index.search("a", limit: 10_000) + (try index.search("e", limit: 10_000))
      #expect(listed.allSatisfy { $0.proxyAddresses == nil && $0.employeeId == nil })
      let people = try listed.prefix(400).compactMap { try index.detail(id: $0.id)?.person }
      var questions: [(typed: String, owner: String, label: String)] = []
      for person in people where questions.count < 60 {
        for alias in (person.proxyAddresses ?? []).map(\.string) where alias.hasPrefix("smtp:") {
          questions.append((alias, person.id, "alias " + alias))
          questions.append((String(alias.dropFirst(5)).uppercased(), person.id, "alias " + alias))
        }
        for other in (person.otherMails ?? []).map(\.string) {
          questions.append((other, person.id, "other mail " + other))
        }
        if let id = person.employeeId?.string, questions.count % 3 == 0 {
          questions.append((id, person.id, "employee id " + id))
        }
      }
      #expect(questions.contains { $0.label.hasPrefix("alias") })
      #expect(questions.contains { $0.label.hasPrefix("other mail") })
      #expect(questions.contains { $0.label.hasPrefix("employee id") })
      for question in questions {
        let online = try await graph.search(question.typed, pageSize: 50).people
        let offline = try index.search(question.typed, limit: 50)
        #expect(online.first?.id == question.owner, "\(question.typed) online")
        #expect(offline.first?.id == question.owner, "\(question.typed) offline")
        #expect(online.first?.matchedIdentifier?.string == question.label, "\(question.typed)")
        #expect(offline.first?.matchedIdentifier?.string == question.label, "\(question.typed)")
        let marked = { (list: [Person]) in Set(list.filter { $0.matchedIdentifier != nil }.map(\.id)) }
        #expect(marked(online) == marked(offline), "\(question.typed)")
      }
      // The primary address is the mail: found by the name search, not marked as an identifier.
      let someone = try #require(people.first { $0.mail != nil })
      let primary = try index.search("smtp:" + (someone.mail?.string ?? ""), limit: 5)
      #expect(primary.first?.id == someone.id && primary.first?.matchedIdentifier == nil)
      #expect(TypedIdentifier.read("ann lee").isEmpty && TypedIdentifier.read("dept:x").isEmpty)
    }
  }
}
