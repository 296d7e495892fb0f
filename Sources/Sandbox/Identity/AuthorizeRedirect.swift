import Foundation
import Hummingbird

/// Sends the authorize result back to the client's redirect URI the way `response_mode` asks:
/// query (302, the default), fragment (302) or form_post (an auto-submitting HTML form).
struct AuthorizeRedirect: Sendable {
  var redirectURI: String
  var mode: String
  var state: String?
  var b2c: Bool
  var now: Date

  func deliver(_ pairs: [(String, String)]) -> Response {
    if mode == "form_post" {
      let inputs = pairs.map { "<input type=\"hidden\" name=\"\(HTML.escape($0.0))\" value=\"\(HTML.escape($0.1))\"/>" }
      let html =
        "<html><head><title>Working...</title></head><body><form method=\"POST\" name=\"hiddenform\" action=\"\(HTML.escape(redirectURI))\">\(inputs.joined())<noscript><p>Script is disabled. Click Submit to continue.</p><input type=\"submit\" value=\"Submit\"/></noscript></form><script>document.forms[0].submit()</script></body></html>"
      return .text(html, contentType: "text/html; charset=utf-8")
    }
    // A redirect URI without a path comes back with `/` (reply-url.md).
    var target = redirectURI
    if let components = URLComponents(string: redirectURI), components.path.isEmpty { target += "/" }
    let separator = mode == "fragment" ? "#" : (target.contains("?") ? "&" : "?")
    let location = target + separator + FormFields.encode(pairs)
    return Response(status: .found, headers: [.location: location, .cacheControl: "no-store, no-cache"])
  }

  /// An error redirect: `error`, `error_description` (AADSTS…/AADB2C… text), `error_uri`, `state`.
  func error(_ error: AADError) -> Response {
    var pairs: [(String, String)] = [("error", error.error)]
    if b2c {
      let (code, text) = error.b2cEquivalent
      pairs.append(
        (
          "error_description",
          "AADB2C\(code): \(text)\r\nCorrelation ID: \(UUID().uuidString.lowercased())\r\nTimestamp: \(AADError.timestamp(now))\r\n"
        ))
    } else {
      let trace = UUID().uuidString.lowercased()
      pairs.append(
        (
          "error_description",
          "AADSTS\(error.code): \(error.message)\r\nTrace ID: \(trace)\r\nCorrelation ID: \(UUID().uuidString.lowercased())\r\nTimestamp: \(AADError.timestamp(now))"
        ))
      pairs.append(("error_uri", "https://login.microsoftonline.com/error?code=\(error.code)"))
    }
    if let state { pairs.append(("state", state)) }
    return deliver(pairs)
  }
}
