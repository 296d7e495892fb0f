import Foundation

/// State a sandbox link carries, opaque to clients as Graph's are: JSON in base64url behind a
/// prefix that names what it is (a users' delta token is never read as a groups' one).
protocol LinkToken: Codable {
  /// The prefix its encoding starts with.
  static var prefix: String { get }
}

extension LinkToken {
  /// The token as it is put in a link.
  var encoded: String {
    let data = (try? JSONEncoder().encode(self)) ?? Data()
    return Self.prefix + Base64URL.encode(data)
  }

  /// The token in `text`; nil when it is not one of this kind, or damaged.
  static func decode(_ text: String) -> Self? {
    guard text.hasPrefix(prefix), let data = Base64URL.decode(text.dropFirst(prefix.count)) else { return nil }
    return try? JSONDecoder().decode(Self.self, from: data)
  }
}
