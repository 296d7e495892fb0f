import Foundation
import RosterCore
import TestSupport
import Testing

/// Steps most search tests share.
extension TestStore {
  /// The one search call the runtime made since the last take, checked to ask for `text`.
  /// Detail loads that went out meanwhile (the selection moved while narrowing) are answered.
  func takeSearch(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> FakeDirectoryClient.Call? {
    let calls = directory.takeCalls()
    var searches: [FakeDirectoryClient.Call] = []
    for call in calls {
      if case .detail(let id) = call.request {
        let person = state.search.results.first { $0.id == id } ?? Person(id: id)
        call.respond(Fixtures.detail(person))
      } else {
        searches.append(call)
      }
    }
    #expect(searches.map(\.request) == [.search(text)], sourceLocation: sourceLocation)
    return searches.count == 1 ? searches[0] : nil
  }

  /// Lets the detail pane's pause run out and answers its load for the selected person (no
  /// request is expected when the pane already shows that person, e.g. from its cache).
  func answerDetail(sourceLocation: SourceLocation = #_sourceLocation) async {
    await advance(by: Tuning.detailDebounce)
    let calls = directory.takeCalls()
    guard let person = state.search.selectedPerson, state.detail.status == .loading(person) else {
      #expect(calls.isEmpty, "no detail request expected", sourceLocation: sourceLocation)
      return
    }
    #expect(calls.map(\.request) == [.detail(person.id)], sourceLocation: sourceLocation)
    calls.first?.respond(Fixtures.detail(person))
    await settle()
  }

  /// Types `text` (after a pause so the request goes out) and answers it with `people`.
  func search(
    _ text: String, answer people: [Person], next: PageCursor? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await send(.search(.queryChanged(text)))
    await advance(by: .milliseconds(150))
    takeSearch(text, sourceLocation: sourceLocation)?.respond(
      PeoplePage(people: people, next: next, totalCount: people.count))
    await settle()
  }
}
