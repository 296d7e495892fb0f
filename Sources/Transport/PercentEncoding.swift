import Foundation

/// The one percent-encoder: Graph query values, Graph paths, identity form bodies and authorize URLs.
///
/// Only RFC 3986 unreserved characters stay as they are (so `+` is `%2B`, space `%20`, `&` `%26`,
/// NUL `%00`): no user text can change the shape of a query string or a form body.
public enum PercentEncoding {
  /// RFC 3986 unreserved characters: the only bytes left as they are.
  private static let unreserved: Set<UInt8> = Set(
    Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

  private static let hexDigits: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)

  /// Percent-encodes UTF-8 bytes outside the unreserved set.
  public static func encode(_ text: String) -> String {
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

  /// `application/x-www-form-urlencoded` (also an authorize URL's query): names and values encoded.
  public static func form(_ fields: [(String, String)]) -> String {
    fields.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
  }
}
