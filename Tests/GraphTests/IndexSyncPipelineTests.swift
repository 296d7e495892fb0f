import Foundation
import GRDB
import RosterCore
import Sandbox
import SearchRules
import TestSupport
import Testing

@testable import Graph
@testable import Index

/// The first sync's pipeline (issue 22): a page that is not JSON stops the sync with nothing
/// lost, the bulk-write settings last only as long as the full sync, and the tokens written at
/// its end are exactly the per-person ones.
@Suite struct IndexSyncPipelineTests {
  @Test func aPageThatIsNotJSONStopsTheSyncAndTheNextResumesFromTheLastCommittedPage() async throws {
    try await SandboxGraph.run(size: 500) { harness in
      let fixture = try IndexFixture(harness, pageSize: 100)
      defer { fixture.remove() }
      let index = try fixture.open()
      let pages = LockedCounter()
      let garbled = DeltaFeed { link, onRetry in
        guard pages.increment() <= 2 else {
          // The third page arrives cut short, as a dropped connection leaves it.
          return try DeltaDecoding.page(from: Data(#"{"value":[{"id":"4a1c","displayName":"Ad"#.utf8))
        }
        return try await fixture.feed.fetch(link, onRetry)
      }
      do {
        _ = try await fixture.sync(index, feed: garbled)
        Issue.record("a garbled page was accepted")
      } catch let error as IndexSyncError {
        guard case .failed(.malformedResponse(let message)) = error else {
          Issue.record("unexpected error \(error)")
          return
        }
        #expect(message.contains("not valid JSON (truncated?)"))
      }
      let halfway = try index.status()
      #expect(!halfway.complete && halfway.indexing == 200 && halfway.people == 0)

      let resumed = try await fixture.sync(try fixture.open())
      #expect(resumed == .synced(full: true, changes: 500, requests: 3))
      let listed = try await harness.harness.call("GET", "info").json["listed"] as? Int
      #expect(try index.status().people == listed)
      // The writer is back to SQLite's own settings once the full sync is over.
      let settings = try await index.pool.write { db in
        (
          try Int.fetchOne(db, sql: "PRAGMA cache_size"), try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint")
        )
      }
      #expect(settings.0 == -2000 && settings.1 == 1000)
    }
  }

  @Test func tokensMadeOncePerWordAreTheTokensOfEachPerson() {
    let given = [
      "Aditya", "José", "ZOË", "Mohammed", "Jürgen", "Siobhán", "Łukasz", "Mary Ann", "Jean-Luc", "O'Brien", "李",
      "Σίσυφος", "ΟΔΥΣΣΕΥΣ", "İpek", "Straße", "  ", "", "Ǆemal", "X Æ A-12", "Nguyễn\u{00A0}Văn", "e\u{0301}mile",
    ]
    let family = ["Gupta", "Martínez", "O'Connor", "MÜLLER", "van der Berg", "Smith-Jones", "Ó Briain", "Øster", "史"]
    var people: [Person] = []
    for (number, first) in given.enumerated() {
      for last in family {
        let mail = number % 3 == 0 ? "\(first).\(last)@Contoso.example" : "user\(number)@contoso.example"
        people.append(
          Person(
            id: "\(number)-\(last)", displayName: CleanText("\(first) \(last)"), givenName: CleanText(first),
            surname: CleanText(last), mail: CleanText(mail),
            userPrincipalName: number % 4 == 0 ? nil : CleanText("upn\(number)@contoso.example")))
      }
    }
    people.append(Person(id: "bare"))
    var memo = IndexTokenMemo()
    for round in 0..<2 {
      for person in people {
        #expect(memo.name(person) == IndexTokens.name(person), "round \(round): \(person.displayName?.string ?? "")")
        #expect(memo.fields(person) == IndexTokens.fields(person), "round \(round): \(person.id)")
      }
    }
  }
}

/// `PageRunAhead`: pages in order, fetched ahead of a slow writer but never more than its depth,
/// an error handed over in its place after the pages before it, and no fetching once cancelled.
@Suite struct PageRunAheadTests {
  struct NumberedPage: Sendable, Equatable {
    var number: Int
    var next: String?
  }

  /// A feed of `count` numbered pages that fails at page `failing`, recording every fetch.
  static func feed(count: Int, failing: Int? = nil, fetched: LockedCounter)
    -> @Sendable (String?) async throws
    -> NumberedPage
  {
    { link in
      let number = link.flatMap(Int.init) ?? 1
      _ = fetched.increment()
      if number == failing { throw DirectoryError.offline("cable pulled at \(number)") }
      return NumberedPage(number: number, next: number < count ? String(number + 1) : nil)
    }
  }

  @Test func pagesComeInOrderAndTheFetchingRunsAheadNoFurtherThanItsDepth() async throws {
    let fetched = LockedCounter()
    let ahead = PageRunAhead(from: nil, fetch: Self.feed(count: 10, fetched: fetched), nextLink: { $0.next })
    defer { ahead.cancel() }
    #expect(try await ahead.next().number == 1)
    // The writer is busy: the chain goes on by itself, up to its depth, then waits.
    for _ in 0..<100 where fetched.current < 1 + PageRunAhead<NumberedPage>.depth {
      try await Task.sleep(for: .milliseconds(5))
    }
    try await Task.sleep(for: .milliseconds(50))
    #expect(fetched.current == 1 + PageRunAhead<NumberedPage>.depth)
    var numbers: [Int] = []
    for _ in 2...10 { numbers.append(try await ahead.next().number) }
    #expect(numbers == Array(2...10))
    #expect(fetched.current == 10)
  }

  @Test func anErrorComesAfterThePagesBeforeItAndEndsTheChain() async throws {
    let fetched = LockedCounter()
    let ahead = PageRunAhead(
      from: nil, fetch: Self.feed(count: 10, failing: 3, fetched: fetched), nextLink: { $0.next })
    defer { ahead.cancel() }
    #expect(try await ahead.next().number == 1)
    #expect(try await ahead.next().number == 2)
    await #expect(throws: DirectoryError.offline("cable pulled at 3")) { _ = try await ahead.next() }
    try await Task.sleep(for: .milliseconds(50))
    #expect(fetched.current == 3)
  }

  @Test func aCancelledChainFetchesNoMore() async throws {
    let fetched = LockedCounter()
    let ahead = PageRunAhead(from: nil, fetch: Self.feed(count: 1000, fetched: fetched), nextLink: { $0.next })
    #expect(try await ahead.next().number == 1)
    ahead.cancel()
    try await Task.sleep(for: .milliseconds(100))
    let after = fetched.current
    try await Task.sleep(for: .milliseconds(100))
    #expect(fetched.current == after && after <= 2 + PageRunAhead<NumberedPage>.depth)
    await #expect(throws: CancellationError.self) { _ = try await ahead.next() }
  }
}
