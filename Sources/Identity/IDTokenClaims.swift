import Foundation
import RosterCore

/// The ID token claims that name the account: read from the JWT payload without checking the
/// signature.
///
/// Why no signature check: the token came straight from the token endpoint over TLS in answer
/// to our own request (OIDC Core §3.1.3.7 allows this for the direct channel), and Roster only
/// uses it to label the account, never to authorise anything.
struct IDTokenClaims: Sendable, Equatable {
  var objectId: String?
  var tenantId: String?
  var subject: String?
  /// The names are cleaned here, where they enter the program: a token's claims are server text.
  var preferredUsername: CleanText?
  var name: CleanText?
  var email: CleanText?

  /// Decodes the middle part of a JWT; nil when it is not a readable JWT.
  static func decode(_ token: Secret) -> IDTokenClaims? {
    let parts = token.exposedValue.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, let data = base64URLDecode(String(parts[1])),
      let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any]
    else { return nil }
    let emails = json["emails"] as? [String]
    return IDTokenClaims(
      objectId: json["oid"] as? String,
      tenantId: json["tid"] as? String,
      subject: json["sub"] as? String,
      preferredUsername: ((json["preferred_username"] as? String) ?? (json["upn"] as? String)).map { CleanText($0) },
      name: (json["name"] as? String).map { CleanText($0) },
      email: ((json["email"] as? String) ?? emails?.first).map { CleanText($0) }
    )
  }

  static func base64URLDecode(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }
}
