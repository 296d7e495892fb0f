import Testing

@testable import SearchRules

/// Tab at the end of the search field completes the filter being typed: its name, then its value
/// from what the index knows, as far as every candidate agrees.
@Suite struct FilterCompletionTests {
  static let departments = ["Finance", "Research & Development", "Research Operations", "Sales"]

  static func complete(_ text: String) -> String? {
    FilterCompletion.complete(text) { $0 == .department ? departments : $0 == .city ? ["Oslo", "Osaka"] : [] }
  }

  @Test func aFilterNameCompletesWithItsColon() {
    #expect(Self.complete("ann dep") == "ann dept:")
    #expect(Self.complete("cou") == "country:")
    #expect(Self.complete("is") == "is:")
    #expect(Self.complete("dept") == "dept:")
    #expect(Self.complete("co") == nil, "two letters are a name's beginning as often as a filter's")
    #expect(Self.complete("c") == nil)
    #expect(Self.complete("alexandra") == nil)
    #expect(Self.complete("dept ") == nil, "nothing at the end to complete")
  }

  @Test func aShellIsOfferedWholeWords() {
    let values = { (property: FilterProperty) in property == .department ? Self.departments : [] }
    #expect(FilterCompletion.candidates(for: "c", values: values) == ["company:", "city:", "country:"])
    #expect(
      FilterCompletion.candidates(for: "dept:res", values: values) == [
        "dept:Research & Development", "dept:Research Operations",
      ])
    #expect(FilterCompletion.candidates(for: "is:", values: values) == ["is:guest", "is:member", "is:disabled"])
    #expect(FilterCompletion.candidates(for: "alex", values: values).isEmpty)
  }

  @Test func aValueCompletesFromWhatTheIndexKnows() {
    #expect(Self.complete("dept:fin") == "dept:Finance ")
    #expect(Self.complete("dept:res") == "dept:Research", "shared up to the last whole word, no open quote")
    #expect(Self.complete("dept:\"research o") == "dept:\"Research Operations\" ")
    #expect(Self.complete("city:os") == nil, "Oslo and Osaka share only what was typed")
    #expect(Self.complete("city:osl") == "city:Oslo ")
    #expect(Self.complete("is:g") == "is:guest ")
    #expect(Self.complete("has:") == "has:mobile ")
    #expect(Self.complete("title:eng") == nil, "no titles known")
    #expect(Self.complete("manager:an") == nil, "people are not filter values")
  }
}
