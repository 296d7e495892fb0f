import SearchRules
import Testing

/// Reading `dept:`, `is:` … out of typed text: what becomes a filter, what stays a word, and
/// which malformed filters are refused with a sentence.
@Suite struct FilterSyntaxTests {
  @Test func filtersAndWordsCombineInAnyOrder() throws {
    let parsed = try FilterSyntax.parse("dept:Sales jo title:engineer is:guest has:mobile")
    #expect(parsed.words == ["jo"])
    #expect(
      parsed.filters == [
        .property(.department, "Sales"), .property(.jobTitle, "engineer"), .guest, .hasMobile,
      ])
  }

  @Test func everyKeyAndItsAliasesAreRead() throws {
    let parsed = try FilterSyntax.parse(
      "DEPT:a department:b Title:c jobtitle:d office:e company:f city:g country:h manager:i under:j "
        + "is:member is:DISABLED")
    #expect(
      parsed.filters == [
        .property(.department, "a"), .property(.department, "b"), .property(.jobTitle, "c"),
        .property(.jobTitle, "d"), .property(.officeLocation, "e"), .property(.companyName, "f"),
        .property(.city, "g"), .property(.country, "h"), .manager("i"), .under("j"), .member, .disabled,
      ])
    #expect(parsed.words.isEmpty)
  }

  @Test func quotedValuesKeepTheirSpacesAndSymbols() throws {
    let parsed = try FilterSyntax.parse(#"dept:"Research & Development" manager:"Kim Lee" ann"#)
    #expect(parsed.filters == [.property(.department, "Research & Development"), .manager("Kim Lee")])
    #expect(parsed.words == ["ann"])
    #expect(parsed.filters[0].typed == #"dept:"Research & Development""#)
  }

  @Test(arguments: ["https://contoso.com/x", "foo:bar", "10:30", ":dept", "user:pass@host"])
  func aColonThatNamesNoFilterStaysAWord(_ text: String) throws {
    let parsed = try FilterSyntax.parse(text + " jo")
    #expect(parsed.filters.isEmpty)
    #expect(parsed.words == [text, "jo"])
  }

  @Test(arguments: [
    ("dept:", "dept: needs a value"),
    (#"dept:"""#, "dept: needs a value"),
    (#"dept:"Research"#, "dept: opens a quote that is not closed"),
    ("is:robot", "is: takes guest, member or disabled"),
    ("has:fax", "has: takes mobile"),
    ("manager:", "manager: needs a value"),
  ])
  func malformedFiltersAreRefusedWithASentence(_ text: String, _ message: String) {
    #expect(throws: FilterSyntax.Failure.self) { try FilterSyntax.parse(text) }
    do {
      _ = try FilterSyntax.parse(text)
    } catch {
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }

  @Test func hostileTextNeverCrashes() throws {
    let noise = [
      "::::", "\"\"\"", "dept:\u{0}", String(repeating: "dept:x ", count: 2_000),
      "is:" + String(repeating: "é", count: 5000),
      "city:\"\u{202E}x\"", "\u{1F600}:\u{1F600}",
    ]
    for text in noise { _ = try? FilterSyntax.parse(text) }
    let long = try FilterSyntax.parse("dept:" + String(repeating: "x", count: 10_000))
    #expect(long.filters == [.property(.department, String(repeating: "x", count: 256))])
  }
}
