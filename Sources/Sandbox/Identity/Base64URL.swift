import Crypto
import Foundation

/// Base64url without padding (RFC 7515 §2), used by JWTs, JWKS and PKCE.
enum Base64URL {
  static func encode<D: DataProtocol>(_ data: D) -> String {
    Data(data).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  static func encode(_ digest: some Digest) -> String { encode(Data(digest)) }

  static func decode(_ text: some StringProtocol) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    guard base64.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }) else {
      return nil
    }
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }

  /// A random opaque string of `bytes` bytes of entropy.
  static func random(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return encode((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }
}
