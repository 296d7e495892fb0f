import Foundation
import RosterCore

/// Reads an authorization redirect (`http://localhost:PORT/?code=…&state=…` or `?error=…`), from
/// the loopback listener or pasted by the person, and checks it belongs to this sign-in.
enum RedirectParser {
  enum Outcome: Sendable, Equatable {
    /// The code to redeem.
    case code(Secret)
    /// The authorization server reported an error (`access_denied`, `interaction_required`, …).
    case error(OAuthErrorBody)
    /// A redirect for another sign-in (or forged): its `state` differs.
    case wrongState
    /// Not a redirect at all; the text says what is wrong.
    case notARedirect(String)
  }

  /// Parses a full redirect URL (pasted) and checks its path and state.
  static func parse(url text: String, expectedState: String, expectedPath: String) -> Outcome {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.count < 16_384, let components = URLComponents(string: trimmed),
      components.scheme != nil, components.host != nil
    else {
      return .notARedirect("That is not a URL; paste the whole address from the browser's address bar.")
    }
    if normalisedPath(components.path) != normalisedPath(expectedPath) {
      return .notARedirect("That URL's path is not the sign-in redirect (\(expectedPath)).")
    }
    return parse(query: components.percentEncodedQuery, expectedState: expectedState)
  }

  /// Parses the query of a redirect that reached the listener.
  static func parse(query: String?, expectedState: String) -> Outcome {
    var items: [String: String] = [:]
    for item in URLComponents(string: "http://x/?" + (query ?? ""))?.queryItems ?? [] where items[item.name] == nil {
      items[item.name] = item.value ?? ""
    }
    let code = items["code"].flatMap { $0.isEmpty ? nil : $0 }
    let error = OAuthErrorBody.fromQuery(items)
    guard code != nil || error != nil else {
      return .notARedirect("That URL carries no sign-in result (no code or error).")
    }
    guard let state = items["state"], constantTimeEqual(state, expectedState) else { return .wrongState }
    if let error { return .error(error) }
    return .code(Secret(code ?? ""))
  }

  static func normalisedPath(_ path: String) -> String {
    path.isEmpty ? "/" : path
  }

  /// Compares without an early exit, so timing does not reveal how much of a guess matched.
  static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
    let a = Array(lhs.utf8)
    let b = Array(rhs.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}
