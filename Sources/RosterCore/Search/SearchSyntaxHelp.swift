import Foundation
import SearchRules

/// What the search field and `roster search` understand, beside a name: one example of each
/// filter and lookup with what it finds. One list for the `?` help overlay, `roster search --help`
/// and so the manual, so none of the three can leave one out (issue 40: `manager:`, `under:`,
/// phones, aliases and employee ids were in the README only).
public enum SearchSyntaxHelp {
  /// An example as typed, and what it finds; short enough for the help overlay at 80 columns.
  public struct Entry: Sendable, Equatable {
    public var typed: String
    public var finds: String
  }

  public static let entries: [Entry] = [
    Entry(typed: "smith jo", finds: "a name, mail or user name: every word, any order"),
    Entry(typed: "dept:Sales", finds: "department starts with Sales; quote \"two words\""),
    Entry(typed: "title: office:", finds: "likewise, as are company: city: country:"),
    Entry(typed: "is:guest", finds: "guests; also is:member, is:disabled, has:mobile"),
    Entry(typed: "manager:NAME", finds: "their direct reports; quote a name with spaces"),
    Entry(typed: "under:NAME", finds: "everyone below them, up to 2,000 people"),
    Entry(typed: "+1 425 555 0100", finds: "whose phone it is: \(PhoneKey.minimumDigits) digits or more"),
    Entry(typed: "smtp:ann@contoso.com", finds: "whose alias or other mail it is"),
    Entry(typed: "100123", finds: "whose employee id it is"),
  ]

  /// The entries as lines for a command's `--help` ("  dept:Sales  — department starts with …");
  /// the dash keeps the two apart where the manual page closes up the padding.
  public static var lines: String {
    let width = entries.map(\.typed.count).max() ?? 0
    return entries.map { "  " + $0.typed.padding(toLength: width, withPad: " ", startingAt: 0) + " — " + $0.finds }
      .joined(separator: "\n")
  }

  /// Said below "No one matches" when `query` reads as a phone number too short to look up
  /// ("5555"): how many digits a lookup needs.
  public static func phoneHint(_ query: String) -> String? {
    guard let digits = PhoneKey.tooShortDigits(typed: query) else { return nil }
    return "A phone number is looked up from \(PhoneKey.minimumDigits) digits on; \(digits) typed."
  }
}
