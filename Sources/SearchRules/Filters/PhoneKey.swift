/// A phone number as typed or as stored, reduced to what identifies it: its digits.
///
/// Why from the end: the same line is written `+1 (425) 555-0100`, `425.555.0100`, `4255550100`
/// and `001 425 555 0100`; the country code and trunk prefix come and go at the front, the
/// subscriber number stays at the end. Two numbers are the same when the shorter one's digits end
/// the longer one's and it has at least `minimumDigits` of them (fewer would find half the
/// tenant: `0100` ends thousands of numbers). The index's packed phones (`Index/PhoneDigits`)
/// keep the text; this is the rule for comparing it, kept pure so the index and the live path
/// share it.
public struct PhoneKey: Sendable, Hashable {
  /// Fewer digits than this are not a phone number to look up (a local number has 7).
  public static let minimumDigits = 7

  /// The digits, in order (ASCII, and any other script's decimal digits as their values).
  public let digits: String

  /// The key of `text` when it reads as a phone number: only digits, spaces, `+ - . ( ) /` and
  /// an extension's `x`/`ext` after them, and at least `minimumDigits` digits; nil otherwise
  /// (a name, a mail, an employee id with letters).
  public init?(typed text: String) {
    var digits = ""
    var rest = Substring(text)
    if let ext = text.range(of: "ext", options: .caseInsensitive) ?? text.range(of: "x") {
      rest = text[..<ext.lowerBound]
    }
    for character in rest {
      if let value = character.wholeNumberValue, character.isNumber, value < 10 {
        digits.append(Character(String(value)))
      } else if !(character.isWhitespace || "+-.()/".contains(character)) {
        return nil
      }
    }
    guard digits.drop(while: { $0 == "0" }).count >= Self.minimumDigits else { return nil }
    self.digits = digits
  }

  /// Whether `stored` (a directory value in any format; several numbers joined by U+001F, as the
  /// index joins business phones, are tried one by one) is this number.
  public func matches(stored: String) -> Bool {
    stored.split(separator: "\u{1F}").contains { number in
      matches(digits: number.utf8.filter { $0 >= 0x30 && $0 <= 0x39 })
    }
  }

  /// Whether one stored number, as its ASCII digits, is this number: one's digits end the other's,
  /// leading zeros aside (an international `00` or a national trunk `0`, as in `020 7946 0532`
  /// for `+44 20 7946 0532`). Takes bytes so the index can compare without making strings.
  public func matches(digits stored: some BidirectionalCollection<UInt8>) -> Bool {
    let held = stored.drop { $0 == 0x30 }
    guard held.count >= Self.minimumDigits else { return false }
    let typed = typedDigits
    let shorter = min(held.count, typed.count)
    return held.reversed().prefix(shorter).elementsEqual(typed.reversed().prefix(shorter))
  }

  /// The last `minimumDigits` digits as a number: what two numbers that are the same share
  /// (each has at least that many, and one's digits end the other's), so the index looks a
  /// number up by it (`person_lookup`) and checks the candidates with `matches`.
  public var tail: Int { Self.tail(of: typedDigits) ?? 0 }

  /// `tail` of one stored number's ASCII digits; nil when it has fewer than `minimumDigits`
  /// after its leading zeros (no typed number can match it).
  public static func tail(of digits: some BidirectionalCollection<UInt8>) -> Int? {
    guard digits.drop(while: { $0 == 0x30 }).count >= minimumDigits else { return nil }
    return digits.suffix(minimumDigits).reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  /// The typed digits without leading zeros, as ASCII bytes.
  private var typedDigits: Substring.UTF8View { digits.drop { $0 == "0" }.utf8 }
}
