import SearchRules
import Testing

/// Phone numbers in any common form find the same stored number, matched from the end.
@Suite struct PhoneKeyTests {
  @Test(arguments: [
    "+1 (425) 555-0100", "425.555.0100", "4255550100", "001 425 555 0100", "+1 425 555 0100 ext. 12",
    "(425) 555-0100 x12", "555-0100 0", "５５５０１００",
  ])
  func commonFormsReadAsPhones(_ typed: String) {
    #expect(PhoneKey(typed: typed) != nil, "\(typed)")
  }

  @Test(arguments: ["Ann Lee", "ann@contoso.com", "0100", "E12345", "https://x/4255550100", "12 34"])
  func namesAndShortNumbersAreNotPhones(_ typed: String) {
    #expect(PhoneKey(typed: typed) == nil, "\(typed)")
  }

  @Test func digitsMatchFromTheEndWithOrWithoutTheCountryCode() throws {
    let stored = "+1 425 555 0100"
    for typed in ["+1 (425) 555-0100", "425.555.0100", "4255550100", "555-0100"] {
      #expect(try #require(PhoneKey(typed: typed)).matches(stored: stored), "\(typed)")
    }
    #expect(try #require(PhoneKey(typed: "+44 425 555 0100")).matches(stored: "425 555 0100"))
    #expect(try !#require(PhoneKey(typed: "425 555 0101")).matches(stored: stored))
    #expect(try !#require(PhoneKey(typed: "425 555 0100")).matches(stored: "0100"))
    // Numbers joined by U+001F (the index's business phones) are tried one by one.
    #expect(try #require(PhoneKey(typed: "425 555 0100")).matches(stored: "+1 206 555 0177\u{1F}+1 425 555 0100"))
    #expect(try #require(PhoneKey(typed: "206 555 0177")).matches(stored: "+1 206 555 0177\u{1F}+1 425 555 0100"))
    #expect(try !#require(PhoneKey(typed: "0177 1425 555")).matches(stored: "+1 206 555 0177\u{1F}+1 425 555 0100"))
  }
}
