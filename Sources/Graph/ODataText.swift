import Foundation

/// Escaping for user text that goes into Graph query options.
///
/// Why a type of its own: the QuickStart sample broke on `O'Brien` because it pasted the typed text
/// into the URL. Every piece of user text passes through exactly one of these functions, in this
/// order — make the OData/`$search` literal first, then percent-encode the whole option value — so
/// no input can change the shape of a query.
public enum ODataText {
  /// RFC 3986 unreserved characters: the only bytes left as they are in a query value.
  private static let unreserved: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

  private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)

  /// A string literal for `$filter`: wrapped in single quotes, inner single quotes doubled.
  public static func filterLiteral(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// One `$search` clause, `"property:text"`: backslash and double quote escaped with a backslash.
  public static func searchClause(property: String, text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 2)
    for character in text.unicodeScalars {
      if character == "\\" || character == "\"" { escaped.unicodeScalars.append("\\") }
      escaped.unicodeScalars.append(character)
    }
    return "\"\(property):\(escaped)\""
  }

  /// Percent-encodes UTF-8 bytes outside the unreserved set (so `+` is `%2B`, space `%20`, NUL `%00`).
  public static func percentEncoded(_ text: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if unreserved.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(hexDigits[Int(byte >> 4)])
        encoded.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return encoded
  }

  /// A query string from option names and raw values; names are fixed by the caller (`$select`),
  /// values are always percent-encoded.
  public static func queryString(_ items: [(name: String, value: String)]) -> String {
    items.map { "\($0.name)=\(percentEncoded($0.value))" }.joined(separator: "&")
  }
}
