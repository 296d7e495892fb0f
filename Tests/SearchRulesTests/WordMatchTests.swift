import SearchRules
import Testing

/// Records to search, with the fields a test needs.
private enum Sample {
  static func person(_ name: String, given: String? = nil, surname: String? = nil, mail: String? = nil)
    -> SearchFields
  {
    SearchFields(.people, values: [name, given, surname, mail, nil])
  }

  static let jo = person("Jo Smith", given: "Jo", surname: "Smith", mail: "jo.smith@contoso.test")
  static let zoe = person("Zoë Ålund", given: "Zoë", surname: "Ålund")
  static let pat = person("Pat O'Brien", mail: "pat.o'brien@contoso.test")
  static let dan = person("Dan Mcx")
  static let percent = person("100% Jo", mail: "%ops@contoso.test")
}

/// Graph's `$search` word rule applied locally (words past the server's limit), and the looser
/// rule that narrows loaded results while a request is pending.
@Suite struct WordMatchTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var words: [String]
    var fields: SearchFields
    var matches: Bool
    var testDescription: String { "\(words) in \(fields.fields.first?.value ?? "-")" }
  }

  @Test(arguments: [
    Case(words: ["smith", "jo"], fields: Sample.jo, matches: true),
    Case(words: ["SMI"], fields: Sample.jo, matches: true),
    Case(words: ["smith", "ann"], fields: Sample.jo, matches: false),
    Case(words: ["mith"], fields: Sample.jo, matches: false),
    Case(words: ["jo.sm"], fields: Sample.jo, matches: true),
    Case(words: ["smith-jo"], fields: Sample.jo, matches: true),
    Case(words: ["zoe", "ALUND"], fields: Sample.zoe, matches: true),
    Case(words: ["obrien"], fields: Sample.pat, matches: true),
    Case(words: ["o'b"], fields: Sample.pat, matches: true),
    Case(words: ["McD"], fields: Sample.dan, matches: true),
    Case(words: ["mcd"], fields: Sample.dan, matches: false),
    Case(words: ["%"], fields: Sample.percent, matches: true),
    Case(words: ["%"], fields: Sample.jo, matches: false),
    Case(words: ["\u{301}"], fields: Sample.jo, matches: true),
    Case(words: [], fields: Sample.jo, matches: true),
  ])
  func aWordMatchesAsGraphsSearchWould(_ testCase: Case) {
    #expect(WordMatch.matches(allOf: testCase.words, in: testCase.fields) == testCase.matches)
  }

  @Test(arguments: [
    ("Mary Ann Smith", "mary ann", true), ("Mary Ann Smith", "MARY AN", true), ("Mary Ann Smith", "ann", false),
    ("Zoë Ålund", "zoe", false), ("Zoë Ålund", "ZOË", true),
  ])
  func theFilterPhraseIsACaseInsensitivePrefix(name: String, phrase: String, matches: Bool) {
    #expect(WordMatch.value(name, startsWith: phrase) == matches)
  }

  @Test func otherSchemasMatchTheirOwnProperties() {
    let groups = SearchSchema([
      SearchedProperty("displayName", matching: .tokens), SearchedProperty("mail", matching: .prefix),
      SearchedProperty("mailNickname", matching: .prefix),
    ])
    let sales = SearchFields(groups, values: ["Sales – EMEA", "sales-emea@contoso.test", "SalesEMEA"])
    #expect(WordMatch.matches(allOf: ["emea", "sal"], in: sales))
    #expect(WordMatch.matches(allOf: ["salesem"], in: sales))
    #expect(!WordMatch.matches(allOf: ["europe"], in: sales))
    #expect(sales.values(matching: .prefix) == ["sales-emea@contoso.test", "SalesEMEA"])
  }

  @Test(arguments: [
    ("alex", Sample.jo, false), ("ith", Sample.jo, true), ("smith-jo", Sample.jo, true), ("JO   smi", Sample.jo, true),
    ("contoso", Sample.jo, true),
    ("zoe lund", Sample.zoe, true), ("obrien", Sample.pat, true), ("McD", Sample.dan, true), ("", Sample.jo, true),
    ("& jo", Sample.jo, true),
  ])
  func narrowingFindsSubstringsAndWhatGraphFinds(query: String, fields: SearchFields, matches: Bool) {
    #expect(Narrowing(query).matches(fields) == matches)
  }

  /// The invariant the reducer relies on: whoever Graph's rule finds, narrowing keeps.
  @Test func narrowingIsNeverStricterThanGraph() {
    let names = [
      "Jo Smith", "Pat O'Brien", "Dan McDonald", "Zoë Ålund", "李小明", "Anna-Lena Berg", "Søren Kierkegaard",
      "100% Jo", "Ng Wei", "Mary Ann van der Berg", "Ōtani Shōhei", "Jürgen Straße",
    ]
    let queries = [
      "jo", "smith-jo", "obrien", "o'b", "McD", "mcdo", "zoe", "alund zo", "小明", "李", "anna-l", "lena", "soren",
      "kierk", "%", "ng", "van der", "vanderb", "otani", "strasse", "JÜRG", "AnnaL", "o b", "m a",
    ]
    var checked = 0
    for name in names {
      let fields = SearchFields(.people, values: [name, nil, nil, nil, nil])
      for query in queries where WordMatch.matches(allOf: QueryWords.words(in: query), in: fields) {
        #expect(Narrowing(query).matches(fields), "\(query) finds \(name) on the server")
        checked += 1
      }
    }
    #expect(checked > 20)
  }

  @Test(arguments: [
    ("ale", "al", true), ("alex sm", "alex", true), ("smith alex", "alex", true), ("al", "ale", false),
    ("bob", "al", false), ("al", "", false), ("zoe", "ZOË", true),
  ])
  func narrowingAppliesOnlyWhenTheNewQueryRefinesTheOld(newer: String, older: String, refines: Bool) {
    #expect(Narrowing.query(newer, refines: older) == refines)
  }
}
