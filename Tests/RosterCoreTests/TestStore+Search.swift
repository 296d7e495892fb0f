import Foundation
import RosterCore
import TestSupport
import Testing

/// Steps most search tests share.
extension TestStore {
  /// The one search call the runtime made since the last take, checked to ask for `text`.
  func takeSearch(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> FakeDirectoryClient.Call? {
    let calls = directory.takeCalls()
    #expect(calls.map(\.request) == [.search(text)], sourceLocation: sourceLocation)
    return calls.count == 1 ? calls[0] : nil
  }

  /// Lets the detail pane's pause run out and answers its load for the selected person.
  func answerDetail(sourceLocation: SourceLocation = #_sourceLocation) async {
    await advance(by: Tuning.detailDebounce)
    let calls = directory.takeCalls()
    guard let person = state.search.selectedPerson else {
      #expect(calls.isEmpty, sourceLocation: sourceLocation)
      return
    }
    #expect(calls.map(\.request) == [.detail(person.id)], sourceLocation: sourceLocation)
    calls.first?.respond(Fixtures.detail(person))
    await settle()
  }

  /// Types `text` (after a pause so the request goes out) and answers it with `people`.
  func search(_ text: String, answer people: [Person], next: PageCursor? = nil, sourceLocation: SourceLocation = #_sourceLocation) async {
    await send(.search(.queryChanged(text)))
    await advance(by: .milliseconds(150))
    takeSearch(text, sourceLocation: sourceLocation)?.respond(PeoplePage(people: people, next: next, totalCount: people.count))
    await settle()
  }
}
