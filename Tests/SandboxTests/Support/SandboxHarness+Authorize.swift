import Crypto
import Foundation
import TestSupport
import Testing

extension SandboxHarness {
  /// A PKCE pair (RFC 7636): a 43-character verifier and its S256 challenge.
  static func pkce() -> (verifier: String, challenge: String) {
    let verifier = String(
      (0..<43).map { _ in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".randomElement()! })
    let digest = Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
        of: "=", with: "")
    return (verifier, digest)
  }

  /// GETs an authorize URL built from `parameters` under `authorityPath`; returns the reply.
  func authorize(_ parameters: [(String, String)], authorityPath: String? = nil) async throws -> Reply {
    let query = parameters.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
    return try await get("\(authorityPath ?? tenantPath)/oauth2/v2.0/authorize?\(query)")
  }

  /// The query parameters of a redirect's Location.
  static func redirectParameters(_ reply: Reply) -> [String: String] {
    guard let location = reply.header("Location"), let components = URLComponents(string: location) else { return [:] }
    var result: [String: String] = [:]
    for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
    return result
  }
}
