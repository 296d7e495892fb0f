import Foundation
import RosterCore
import TestSupport
import Testing

/// Hostile query text sent through the live client to the sandbox: each must find exactly the one
/// person whose name carries it, in `$search` mode and in the `$filter` fallback.
@Suite(.serialized) struct SandboxEscapingTests {
  @Test(arguments: [Settings.SearchMode.search, .filter])
  func hostileTextFindsExactlyItsPerson(mode: Settings.SearchMode) async throws {
    try await SandboxGraph.run(people: HostilePeople.people, searchMode: mode) { graph async throws in
      for (index, hostile) in HostilePeople.cases.enumerated() {
        let expected = String(format: "10000000-0000-4000-8000-%012d", index)
        do {
          let found = try await graph.searchAll(hostile.query).map(\.id)
          #expect(found == [expected], "\(hostile.label) (\(mode)): found \(found)")
        } catch {
          Issue.record("\(hostile.label) (\(mode)): \(error)")
        }
      }
      let log = try await graph.harness.requests(pathPrefix: "/v1.0/users")
      #expect(log.allSatisfy { ($0.query["$search"] == nil) == (mode == .filter) })
    }
  }

  @Test func plainWordsInAnyOrder() async throws {
    try await SandboxGraph.run(people: HostilePeople.people) { graph async throws in
      #expect(try await graph.searchAll("boss ada").map(\.displayName) == ["Ada Boss"])
      #expect(try await graph.searchAll("ordinary").map(\.displayName) == ["Bert Ordinary"])
    }
  }
}
