import Foundation

/// An app registration in the sandbox tenant. Only what Entra checks for a public client:
/// its id, whether public client flows are on, and the redirect URIs.
struct RegisteredApp: Sendable, Equatable {
  var clientId: String
  var displayName: String
  var redirectURIs: [String]
  var isPublicClient: Bool

  /// The demo public client every sandbox registers: device code on, redirect `http://localhost`.
  static let demoClientId = "3f6b2c1e-8d4a-4e7b-9c2f-5a1d0e9b7c64"
  static let demo = RegisteredApp(
    clientId: demoClientId, displayName: "Roster sandbox demo",
    redirectURIs: [
      "http://localhost", "http://127.0.0.1", "https://login.microsoftonline.com/common/oauth2/nativeclient",
    ],
    isPublicClient: true)

  /// Whether `candidate` matches a registered redirect URI as Entra matches them: scheme and host
  /// exact, path exact and case-sensitive (a missing path is `/`), and for loopback hosts the
  /// port ignored (RFC 8252 §7.3). Query strings and fragments never match.
  func accepts(redirectURI candidate: String) -> Bool {
    guard let wanted = URLComponents(string: candidate), let scheme = wanted.scheme?.lowercased(),
      let host = wanted.host?.lowercased(), wanted.fragment == nil, wanted.query == nil
    else { return false }
    let loopback = host == "localhost" || host == "127.0.0.1"
    return redirectURIs.contains { registered in
      guard let known = URLComponents(string: registered) else { return false }
      guard known.scheme?.lowercased() == scheme, known.host?.lowercased() == host else { return false }
      if !loopback && known.port != wanted.port { return false }
      let knownPath = known.path.isEmpty ? "/" : known.path
      let wantedPath = wanted.path.isEmpty ? "/" : wanted.path
      return knownPath == wantedPath
    }
  }
}
