import SearchRules
import Testing

/// Which typed words reach the server, which are checked locally, and which properties a word
/// is looked for in.
@Suite struct QueryWordsTests {
  @Test func wordsAreSplitDedupedAndCut() {
    #expect(QueryWords.words(in: " Jo\tjo\nSMITH  smith ") == ["Jo", "SMITH"])
    let long = String(repeating: "x", count: 10_000)
    #expect(QueryWords.words(in: long) == [String(repeating: "x", count: 256)])
    #expect(QueryWords.words(in: "   ").isEmpty)
  }

  struct SplitCase: Sendable, CustomTestStringConvertible {
    var text: String
    var style: QueryStyle
    var server: [String]
    var local: [String]
    var testDescription: String { "\(style) \(text.debugDescription)" }
  }

  @Test(arguments: [
    SplitCase(text: "ann", style: .search, server: ["ann"], local: []),
    SplitCase(text: "smith & jo", style: .search, server: ["smith", "jo"], local: []),
    SplitCase(text: "& -", style: .search, server: ["&", "-"], local: []),
    SplitCase(
      text: "one two three four five six seven eight nine ten", style: .search,
      server: ["one", "two", "three", "four", "five", "six", "seven", "eight"], local: ["nine", "ten"]),
    SplitCase(text: "a b c d e", style: .filter, server: ["a", "b", "c"], local: ["d", "e"]),
    SplitCase(text: "a a a a a a a a a", style: .search, server: ["a"], local: []),
    SplitCase(text: "Zoë ZOË zoe", style: .filter, server: ["Zoë", "zoe"], local: []),
  ])
  func wordsAreSplitBetweenServerAndLocal(_ testCase: SplitCase) {
    let words = QueryWords(testCase.text, style: testCase.style)
    #expect(words.server == testCase.server)
    #expect(words.local == testCase.local)
    #expect(words.all == testCase.server + testCase.local)
  }

  @Test(arguments: [
    ("ann", ["displayName", "givenName", "surname", "mail", "userPrincipalName"]),
    ("o'b", ["displayName", "givenName", "surname", "mail", "userPrincipalName"]),
    ("%", ["givenName", "surname", "mail", "userPrincipalName"]),
    ("🙂", ["givenName", "surname", "mail", "userPrincipalName"]),
  ])
  func aWordWithoutTokensIsNotLookedForInTheDisplayName(word: String, properties: [String]) {
    #expect(SearchSchema.people.properties(for: word).map(\.name) == properties)
  }

  @Test func thePhraseIsTheTypedTextSingleSpaced() {
    #expect(QueryWords.phrase("  mary \t ann ") == "mary ann")
    #expect(QueryWords.phrase(String(repeating: "y ", count: 300)).count == 256)
  }
}
