import SearchRules
import Testing

/// Issue 40 item 17: which typed texts read as a phone number too short to look up.
struct PhoneKeyTooShortTests {
  @Test(
    arguments: [
      ("5555", 4), ("555-01", 5), ("(425) 555", 6), ("+44 20", 4), ("0555", 3), ("055", nil), ("00 5550", 4),
      ("12", nil), ("555 0100 1", nil), ("jo 5555", nil), ("5555x", nil),
    ] as [(String, Int?)])
  func tooShortDigits(_ typed: String, _ expected: Int?) {
    #expect(PhoneKey.tooShortDigits(typed: typed) == expected, "\(typed)")
    // A number long enough to look up is never called too short.
    if PhoneKey(typed: typed) != nil { #expect(expected == nil) }
  }
}
