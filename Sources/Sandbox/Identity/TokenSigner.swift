import Crypto
import Foundation
import SandboxDirectory
import _CryptoExtras

/// Signs and verifies the sandbox's RS256 JWTs. The key is made at start and published in the
/// JWKS under `kid` (also sent as `x5t`, as Entra does), so clients that validate tokens can.
final class TokenSigner: Sendable {
  let keyId: String
  private let privateKey: _RSA.Signing.PrivateKey
  private let modulus: Data
  private let exponent: Data

  init() throws {
    privateKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
    let primitives = try privateKey.publicKey.getKeyPrimitives()
    modulus = primitives.modulus
    exponent = primitives.publicExponent
    keyId = String(Base64URL.encode(SHA256.hash(data: modulus)).prefix(27))
  }

  /// `header.payload.signature` with the claims in the given order.
  func sign(_ claims: JSONValue) throws -> String {
    let header = JSONValue.members([
      ("typ", .string("JWT")), ("alg", .string("RS256")), ("x5t", .string(keyId)), ("kid", .string(keyId)),
    ])
    let signingInput =
      Base64URL.encode(Data(header.jsonText.utf8)) + "."
      + Base64URL.encode(Data(claims.jsonText.utf8))
    let signature = try privateKey.signature(
      for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5)
    return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
  }

  /// Why a presented token was refused, in Graph's words.
  enum Rejection: Error, Equatable {
    case empty, malformed, badSignature
  }

  /// The claims of a token this signer issued; throws when it is not a well-formed JWT or the
  /// signature does not verify (lifetime is the caller's check: it owns the clock).
  func verify(_ token: String) throws(Rejection) -> [String: Any] {
    if token.isEmpty { throw .empty }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
      let signatureData = Base64URL.decode(parts[2]),
      let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
      let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
    else { throw .malformed }
    guard header["alg"] as? String == "RS256", header["kid"] as? String == keyId else { throw .badSignature }
    let signature = _RSA.Signing.RSASignature(rawRepresentation: signatureData)
    let input = Data("\(parts[0]).\(parts[1])".utf8)
    guard privateKey.publicKey.isValidSignature(signature, for: SHA256.hash(data: input), padding: .insecurePKCS1v1_5)
    else { throw .badSignature }
    return claims
  }

  /// The JSON Web Key Set document (`/discovery/v2.0/keys`).
  func jwks(issuer: String) -> JSONValue {
    .object([
      (
        "keys",
        .array([
          .members([
            ("kty", .string("RSA")), ("use", .string("sig")), ("kid", .string(keyId)), ("x5t", .string(keyId)),
            ("n", .string(Base64URL.encode(modulus))), ("e", .string(Base64URL.encode(exponent))),
            ("issuer", .string(issuer)),
          ])
        ])
      )
    ])
  }
}
