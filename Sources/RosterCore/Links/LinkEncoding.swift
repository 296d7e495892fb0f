import Foundation

/// Percent-encoding for the links Roster builds (Teams deep links, `mailto:`, the Entra admin
/// centre), strict enough that a link can go into an OSC 8 sequence as it is.
///
/// Every value from the directory is cleaned first (`CleanText`: escape sequences, controls and
/// bidi formatting gone), then every byte of its UTF-8 outside a small allowed set becomes `%XX`.
/// So a built link is printable ASCII without spaces (U+0021–U+007E only): no ESC, BEL, C1 ST,
/// line break or space can end the terminal's OSC 8 string or the URL early, whatever a display
/// name or an address holds, and a `&`, `=`, `,`, `?` or `#` in a value cannot add a parameter,
/// an attendee or a fragment.
enum LinkEncoding {
  /// RFC 3986's unreserved characters: never encoded.
  private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

  /// A query value (a subject, a message, a time): only unreserved characters stay.
  static func queryValue(_ text: String) -> String {
    encode(CleanText(text).string, keeping: unreserved)
  }

  /// One address in a list of users or attendees: unreserved characters and `@` stay (as in
  /// Microsoft's own examples, `users=joe@contoso.com`); a comma inside it is `%2C`, so one
  /// address can never become two.
  static func address(_ text: String) -> String {
    encode(trimmed(text), keeping: unreserved.union("@".utf8))
  }

  /// An address in a `mailto:` (RFC 6068 §2): `+` (a sub-address, `bill+ietf@…`) and `@` stay,
  /// everything the RFC says must be encoded (`%`, `/`, `?`, `#`, `[`, `]`, `&`, `;`, `=`) is,
  /// and `,` too, because it separates addresses there.
  static func mailAddress(_ text: String) -> String {
    encode(trimmed(text), keeping: unreserved.union("@+".utf8))
  }

  /// One path segment (an object id, a tenant id): unreserved characters only.
  static func pathSegment(_ text: String) -> String {
    encode(trimmed(text), keeping: unreserved)
  }

  /// The clean text without surrounding blanks (an address never has them).
  static func trimmed(_ text: String) -> String {
    CleanText(text).string.trimmingCharacters(in: .whitespaces)
  }

  private static func encode(_ text: String, keeping allowed: Set<UInt8>) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if allowed.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
