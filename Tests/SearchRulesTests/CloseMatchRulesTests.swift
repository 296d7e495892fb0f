import SearchRules
import Testing

/// Close matches' rules: the edit distance (transpositions count as one), the slack a word gets
/// for its length, the vocabulary's look-ups, and how close matches are scored and ranked.
@Suite struct CloseMatchRulesTests {
  static func person(_ name: String, mail: String? = nil) -> SearchFields {
    SearchFields(.people, values: [name, nil, nil, mail, nil])
  }

  @Test func editDistanceCountsATranspositionAsOneEdit() {
    #expect(EditDistance.between("gupta", "gutpa", limit: 2) == 1)
    #expect(EditDistance.between("gupta", "gupta", limit: 2) == 0)
    #expect(EditDistance.between("schmidt", "schmitt", limit: 2) == 1)
    #expect(EditDistance.between("jon", "john", limit: 1) == 1)
    #expect(EditDistance.between("mohammed", "muhammad", limit: 2) == 2)
    #expect(EditDistance.between("ivanova", "iwanowa", limit: 2) == 2)
    // Levenshtein would count a swap as two.
    #expect(EditDistance.between("ab", "ba", limit: 1) == 1)
    #expect(EditDistance.between("kitten", "sitting", limit: 2) == nil)
    #expect(EditDistance.between("kitten", "sitting", limit: 3) == 3)
    #expect(EditDistance.between("", "abc", limit: 3) == 3)
    #expect(EditDistance.between("abcdef", "ab", limit: 2) == nil)
  }

  @Test func shortWordsGetLessSlack() {
    #expect(EditDistance.slack(forLength: 1) == 0)
    #expect(EditDistance.slack(forLength: 2) == 0)
    #expect(EditDistance.slack(forLength: 3) == 1)
    #expect(EditDistance.slack(forLength: 5) == 1)
    #expect(EditDistance.slack(forLength: 6) == 2)
    #expect(EditDistance.slack(forLength: 12) == 2)
    let words = NameVocabulary(["al", "ali", "gupta", "muhammad", "john", "smith"])
    #expect(words.words(closeTo: "ak").isEmpty)
    #expect(words.words(closeTo: "jon").map(\.word) == ["john"])
    #expect(words.words(closeTo: "gutpa").map(\.word) == ["gupta"])
    #expect(words.words(closeTo: "mohammed").map(\.word) == ["muhammad"])
    // Two edits on a five-letter word is too far.
    #expect(words.words(closeTo: "guptx").map(\.word) == ["gupta"])
    #expect(words.words(closeTo: "gxtpa").isEmpty)
  }

  @Test func theVocabularyFindsPrefixesAndSplits() {
    let words = NameVocabulary(["aditya", "gupta", "ann", "anna"])
    #expect(words.hasWord(startingWith: "gup"))
    #expect(!words.hasWord(startingWith: "gut"))
    #expect(words.contains("ann") && !words.contains("an"))
    #expect(words.splits(of: "adityagupta").map { [$0.0, $0.1] } == [["aditya", "gupta"]])
    #expect(words.splits(of: "gupta").isEmpty)
  }

  @Test func aCloseQueryScoresEditsAndNeverAnExactMatch() throws {
    let words = NameVocabulary(["aditya", "gupta", "guptill", "adam"])
    let query = try #require(CloseQuery("aditya gutpa", vocabulary: words))
    #expect(query.forgivenText == "gutpa")
    #expect(query.score(Self.person("Aditya Gupta"))?.distance == 1)
    #expect(query.score(Self.person("Aditya Guptill")) == nil)
    #expect(query.score(Self.person("Adam Gupta")) == nil)
    // An exact match is not a close one.
    let exact = try #require(CloseQuery("aditya gupt", vocabulary: NameVocabulary(["aditya", "gupta", "gupto"])))
    #expect(exact.score(Self.person("Aditya Gupta")) == nil)
    // Nothing to forgive: no close query at all.
    #expect(CloseQuery("aditya", vocabulary: NameVocabulary(["aditya"])) == nil)
    let split = try #require(CloseQuery("adityagupta", vocabulary: words))
    #expect(split.score(Self.person("Aditya Gupta"))?.distance == 1)
  }

  @Test func closeMatchesRankByEditsThenHowMuchOfTheNameMatched() throws {
    let words = NameVocabulary(["jon", "john", "joan", "smith", "smyth", "jonathan"])
    let query = try #require(CloseQuery("jhon smith", vocabulary: words))
    let people = [
      Self.person("Jon Smyth"), Self.person("John Smith Jr Jones"), Self.person("John Smith"), Self.person("Jon Smith"),
      Self.person("Joan Smith"),
    ]
    let names = query.ranked(people, fields: { $0 }, id: { $0.fields[0].value }).map { $0.fields[0].value }
    // One edit for John Smith ("jhon"→"john" is a swap) and Jon Smith; the names matched whole
    // before the one with words left over; two edits last; "joan" is two edits from "jhon",
    // more than a four-letter word's slack.
    #expect(names == ["John Smith", "Jon Smith", "John Smith Jr Jones", "Jon Smyth"])
  }

  @Test func theRankingIsNameStartThenNameWordsThenAddressesAlphabetically() {
    let people = [
      Self.person("Martínez, Jesús"), Self.person("Jesús Núñez"), Self.person("Jesús Martínez"),
      Self.person("Ana Ruiz", mail: "jesus.r@contoso.test"), Self.person("Ángel Jesuíta"),
    ]
    let ranking = SearchRanking("jesu")
    let names = ranking.ranked(people, fields: { $0 }, id: { $0.fields[0].value }).map { $0.fields[0].value }
    #expect(names == ["Jesús Martínez", "Jesús Núñez", "Ángel Jesuíta", "Martínez, Jesús", "Ana Ruiz"])
    #expect(ranking.tier(Self.person("Jesús Núñez")) == 0)
    #expect(ranking.tier(Self.person("Ana Ruiz", mail: "jesus@x")) == 2)
    // Punctuation sorts as a space; accents do not count.
    #expect(SearchRanking.sortText("O'Connor, Seán") == "o connor sean")
    let oconnor = SearchRanking("o'connor").ranked(
      [Self.person("Oconnor Zed"), Self.person("O'Connor Amy"), Self.person("O'Connor, Bea")], fields: { $0 },
      id: { $0.fields[0].value }
    ).map { $0.fields[0].value }
    #expect(oconnor == ["O'Connor Amy", "O'Connor, Bea", "Oconnor Zed"])
  }

  /// The index stores its rows in the order of the bytes `sortText 0 id` (`RowOrder`): the
  /// ranking's key must sort exactly so, ids by their bytes (not `String`'s canonical order).
  @Test func rankKeysSortAsTheIndexStoresRows() {
    let people = [
      ("", "b"), ("a", "z"), ("ann", "2"), ("anna", "1"), ("anna b", "0"), ("annb", "a"), ("élan", "c"),
      ("o'neil", "d"), ("ива", "e"), ("李", "f"), ("9to5", "g"), ("ann", "10"), ("Ann", "e\u{301}"), ("ann", "é"),
    ]
    let keys = people.map { RankKey(tier: 0, sortText: SearchRanking.sortText($0.0), id: $0.1) }
    let stored = keys.map { Array($0.text) + [0] + Array($0.id.utf8) }
    let byKey = keys.indices.sorted { keys[$0] < keys[$1] }
    let byBytes = stored.indices.sorted { stored[$0].lexicographicallyPrecedes(stored[$1]) }
    #expect(byKey == byBytes)
    // Canonically equivalent ids are still two people.
    #expect(keys[12] != keys[13] && (keys[12] < keys[13]) != (keys[13] < keys[12]))
  }
}
