import Foundation
import Index
import RosterCore
import SearchRules
import TestSupport
import Testing

/// What Tab completes a filter's value from: every department, title, company, city, country and
/// office of the people the index holds, once each, sorted case-blind.
@Suite struct FilterValuesIndexTests {
  @Test func theIndexListsEveryValueOfEachFilterOnce() async throws {
    try await SandboxGraph.run(size: 300) { graph in
      let fixture = try IndexFixture(graph)
      defer { fixture.remove() }
      let index = try fixture.open()
      _ = try await fixture.sync(index)
      let people = try index.search("a", limit: 10_000) + (try index.search("e", limit: 10_000))
      let details = try people.compactMap { try index.detail(id: $0.id)?.person }
      let values = try index.filterValues()
      for (property, read) in [
        (FilterProperty.department, \Person.department), (.jobTitle, \.jobTitle), (.companyName, \.companyName),
        (.city, \.city), (.country, \.country), (.officeLocation, \.officeLocation),
      ] as [(FilterProperty, KeyPath<Person, CleanText?>)] {
        let listed = try #require(values[property])
        #expect(Set(listed).count == listed.count, "\(property) once each")
        #expect(listed == listed.sorted { $0.lowercased() < $1.lowercased() })
        let held = Set(details.compactMap { $0[keyPath: read]?.string }.filter { !$0.isEmpty })
        #expect(held.isSubset(of: Set(listed)), "\(property): \(held.subtracting(listed).prefix(3))")
      }
      #expect((values[.department]?.count ?? 0) > 3)
    }
  }
}
