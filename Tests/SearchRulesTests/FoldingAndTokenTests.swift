import SearchRules
import Testing

/// The one folding and the display-name tokenizer, as Graph's `$search` is documented to behave.
@Suite struct FoldingAndTokenTests {
  @Test(arguments: [
    ("jo", "jo"), ("JO", "jo"), ("Zoë", "zoe"), ("Jürgen", "jurgen"), ("Straße", "strasse"), ("Søren", "soren"),
    ("Łukasz", "lukasz"), ("Æsa", "aesa"), ("e\u{301}", "e"), ("İ", "i"), ("Ж", "ж"), ("ア", "ア"), ("ａｂ", "ａｂ"),
    ("محمد", "محمد"), ("", ""),
  ])
  func searchFoldingDropsCaseAndAccents(text: String, folded: String) {
    #expect(TextFolding.searchFolded(text) == folded)
  }

  @Test(arguments: [("Zoë", "zoë"), ("JO", "jo"), ("jo.smith@x", "jo.smith@x"), ("E\u{301}", "é")])
  func caseFoldingKeepsAccents(text: String, folded: String) {
    #expect(TextFolding.caseFolded(text) == folded)
  }

  @Test(arguments: [
    ("O'Brien", ["brien", "o", "obrien"]), ("McDonald", ["donald", "mc", "mcdonald"]),
    ("Jo Smith", ["jo", "smith"]), ("李小明", ["小", "明", "李", "李小明"]), ("Anna2B", ["2", "anna", "anna2b", "b"]),
    ("Zoë Ålund", ["alund", "zoe"]), ("- & -", []),
  ])
  func displayNamesAreTokenizedIntoPartsAndWholeWords(name: String, tokens: [String]) {
    #expect(NameTokenizer.indexTokens(name) == tokens)
  }

  @Test(arguments: [
    ("smith-jo", ["smith", "jo"]), ("O'Brien", ["o", "brien"]), ("obrien", ["obrien"]), ("McD", ["mc", "d"]),
    ("%", []),
  ])
  func queryWordsAreSplitIntoPartsOnly(word: String, parts: [String]) {
    #expect(NameTokenizer.queryTokens(word) == parts)
  }
}
