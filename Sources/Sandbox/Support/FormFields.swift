import Foundation

/// Decodes `application/x-www-form-urlencoded` text (token requests, query strings): `+` is a
/// space, `%XX` is a byte. Repeated names keep the first value, as Entra does.
struct FormFields: Sendable, Equatable {
  private(set) var pairs: [(String, String)] = []

  init(_ text: String) {
    for part in text.split(separator: "&", omittingEmptySubsequences: true) {
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(pieces[0])
      let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
      pairs.append((name, value))
    }
  }

  static func == (lhs: FormFields, rhs: FormFields) -> Bool {
    lhs.pairs.count == rhs.pairs.count && zip(lhs.pairs, rhs.pairs).allSatisfy { $0 == $1 }
  }

  /// The first value for `name`; nil when absent.
  subscript(_ name: String) -> String? { pairs.first { $0.0 == name }?.1 }

  /// The first non-empty value for `name`.
  func nonEmpty(_ name: String) -> String? {
    guard let value = self[name], !value.isEmpty else { return nil }
    return value
  }

  private static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }

  /// Percent-encodes a value for a query string (RFC 3986 unreserved characters kept).
  static func encode(_ value: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
  }

  /// Builds `a=b&c=d` from ordered pairs.
  static func encode(_ pairs: [(String, String)]) -> String {
    pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
  }
}
