import Foundation
import RosterCore
import SearchRules
import Testing

/// Filters typed into the search field: a warm index answers them in the key's frame, one it
/// cannot answer (filled under a basic grant) leaves them to Graph with the query sent carrying
/// them, a malformed one is said and nothing is sent, and narrowing while a request is out keeps
/// only people who meet them.
@Suite struct SearchFilterReducerTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func indexed() -> AppState {
    var state = AppState.signedIn()
    state.now = now
    state.index.attached = true
    state.index.summary = LocalIndexSummary(complete: true, people: 2, lastSync: now.addingTimeInterval(-60))
    return state
  }

  private func sent(_ effects: [Effect], after state: inout AppState) -> PeopleQuery? {
    for effect in effects {
      if case .debounce(_, _, let then) = effect {
        for next in reduce(&state, then) {
          if case .searchGraph(let asked, _) = next, let query = asked.value(as: PeopleQuery.self) { return query }
        }
      }
      if case .searchGraph(let asked, _) = effect, let query = asked.value(as: PeopleQuery.self) { return query }
    }
    return nil
  }

  @Test func aWarmIndexAnswersAFilteredQueryInTheKeysFrame() throws {
    var state = Self.indexed()
    let effects = reduce(&state, .search(.queryChanged("jo dept:Sales is:guest")))
    let asked = effects.compactMap { effect -> PeopleQuery? in
      if case .searchIndex(let asked, _) = effect { return asked.value(as: PeopleQuery.self) } else { return nil }
    }
    #expect(asked.map(\.text) == ["jo dept:Sales is:guest"])
    #expect(!state.filtersAskGraph)
  }

  @Test func aFilterTheIndexCannotAnswerGoesToGraphWithItsFilters() throws {
    var state = Self.indexed()
    // Filled under User.ReadBasic.All: no departments, no user types, no managers.
    state.index.summary?.filters = IndexFilterSupport(fullProfiles: false, managersKnown: false)
    let plain = reduce(&state, .search(.queryChanged("jo")))
    #expect(plain.contains { if case .searchIndex = $0 { true } else { false } })

    let effects = reduce(&state, .search(.queryChanged("jo dept:Sales is:guest")))
    #expect(!effects.contains { if case .searchIndex = $0 { true } else { false } })
    #expect(state.filtersAskGraph)
    let query = try #require(sent(effects, after: &state))
    #expect(query.text == "jo")
    #expect(query.filters == [.property(.department, "Sales"), .guest])
  }

  @Test func theIndexSaysWhichFilterItCannotAnswer() {
    let basic = IndexFilterSupport(fullProfiles: false, managersKnown: false)
    #expect(basic.refusal([]) == nil)
    #expect(basic.refusal([.guest])?.hasPrefix("is:guest: the local index holds names and mail only") == true)
    #expect(basic.refusal([.manager("Kim")])?.hasPrefix("manager:Kim: the local index does not know") == true)
    let full = IndexFilterSupport.everything
    #expect(full.refusal([.manager("Kim"), .property(.city, "Oslo"), .hasMobile]) == nil)
    #expect(full.refusal([.manager("Kim"), .under("Lee")]) == "Use one of manager: and under: at a time.")
  }

  @Test func aMalformedFilterIsSaidAndNothingIsSent() {
    var state = Self.indexed()
    let effects = reduce(&state, .search(.queryChanged("jo dept:")))
    #expect(state.search.status == .refused(message: "dept: needs a value, as in dept:Sales or dept:\"two words\"."))
    #expect(state.search.results.isEmpty)
    #expect(!effects.contains { if case .searchIndex = $0 { true } else { false } })
    #expect(!effects.contains { if case .debounce = $0 { true } else { false } })
  }

  @Test func narrowingKeepsOnlyPeopleWhoMeetTheFilters() {
    let sales = Person(id: "1", displayName: "Jo Seller", department: "Sales")
    let legal = Person(id: "2", displayName: "Jo Lawyer", department: "Legal")
    #expect(PeopleMatcher.narrow([sales, legal], to: "jo dept:sa") == [sales])
    #expect(PeopleMatcher.query("jo dept:sal", refines: "jo dept:sa"))
    #expect(PeopleMatcher.query("jo dept:sa", refines: "jo"))
    #expect(!PeopleMatcher.query("jo", refines: "jo dept:sa"))
    #expect(!PeopleMatcher.query("jo dept:le", refines: "jo dept:sa"))
    // Who reports to whom is not on a record: never narrowed to, always asked.
    #expect(PeopleMatcher.narrow([sales, legal], to: "jo manager:kim").isEmpty)
  }

  @Test func aPersonMeetsAFilterAsGraphsStartswithWould() {
    let person = Person(
      id: "1", department: "Research & Development", mobilePhone: " ", userType: "Guest", accountEnabled: false,
      city: "Zürich")
    #expect(person.matches(.property(.department, "research &")) == true)
    #expect(person.matches(.property(.department, "development")) == false)
    #expect(person.matches(.property(.city, "ZÜR")) == true)
    #expect(person.matches(.property(.city, "zur")) == false)  // accents count in $filter
    #expect(person.matches(.guest) == true && person.matches(.member) == false)
    #expect(person.matches(.disabled) == true)
    #expect(person.matches(.hasMobile) == false)  // blank is none
    #expect(person.matches(.under("x")) == nil)
  }
}
