import Crypto
import Foundation

/// A PKCE pair (RFC 7636, S256): the verifier stays in memory; only the challenge leaves.
struct PKCE: Sendable, Equatable {
  /// 43 characters of base64url from 32 random bytes.
  let verifier: String
  /// BASE64URL(SHA256(verifier)), no padding.
  let challenge: String
  let method = "S256"

  init(verifier: String) {
    self.verifier = verifier
    self.challenge = Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
  }

  /// A fresh pair from the system's cryptographic random generator.
  static func generate() -> PKCE {
    PKCE(verifier: randomToken(bytes: 32))
  }

  /// URL-safe random text from `bytes` bytes of `SystemRandomNumberGenerator` (also used for `state`).
  static func randomToken(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    let data = Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    return base64URL(data)
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
