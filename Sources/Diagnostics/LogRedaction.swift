import Foundation

/// What of a request or response may reach the log: the rules that keep tokens and codes out.
///
/// - At info and above, only method, host and path are logged: no query, no body.
/// - At debug, query values and bodies are logged with every value whose name sounds secret
///   (`*token*`, `*code*`, `*secret*`, `*password*`, `*assertion*`, `*verifier*`) replaced by
///   `[redacted]`, in forms, in JSON (at any depth) and in query strings; anything else that
///   looks like a JWT is cut too; other bodies are only counted.
public enum LogRedaction {
  public static let marker = "[redacted]"
  /// Bodies are cut here: the log is for finding a failing call, not for copying the directory.
  public static let bodyLimit = 2048

  static let secretWords = ["token", "code", "secret", "password", "assertion", "verifier", "authorization"]
  /// Names that hold a secret word but describe, not carry, one: `token_endpoint`,
  /// `authorization_endpoint`, `code_challenge`, `token_type`, `expires_in`, `*_supported`.
  static let describingSuffixes = ["endpoint", "uri", "url", "supported", "_in", "_type", "challenge", "_method"]

  public static func isSecret(name: String) -> Bool {
    let lower = name.lowercased()
    guard secretWords.contains(where: { lower.contains($0) }) else { return false }
    return !describingSuffixes.contains { lower.hasSuffix($0) }
  }

  /// `a=1&code=[redacted]` for a query string (or a form body), names kept.
  public static func form(_ text: String) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
      guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
      let name = String(pair[..<equals])
      let decoded = name.removingPercentEncoding ?? name
      return isSecret(name: decoded) ? name + "=" + marker : scrubJWTs(String(pair))
    }.joined(separator: "&")
  }

  /// A body as the log may show it: a redacted form or JSON, cut at `bodyLimit`, or its size.
  public static func body(_ data: Data?, contentType: String?) -> String? {
    guard let data, !data.isEmpty else { return nil }
    let type = contentType?.lowercased() ?? ""
    var text: String
    if type.contains("json"), let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
      // A secret may be repeated in plain text elsewhere (the device-code `message` names the
      // user code): every secret value found is cut wherever else it appears too.
      var secrets: [String] = []
      let redacted = redactJSON(object, secrets: &secrets)
      guard
        let cleaned = try? JSONSerialization.data(
          withJSONObject: redacted, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
      else { return "[\(data.count) bytes]" }
      text = String(decoding: cleaned, as: UTF8.self)
      for secret in secrets where secret.count >= 4 { text = text.replacingOccurrences(of: secret, with: marker) }
    } else if type.contains("x-www-form-urlencoded") {
      text = form(String(decoding: data, as: UTF8.self))
    } else {
      return "[\(data.count) bytes]"
    }
    text = scrubJWTs(text)
    if text.utf8.count > bodyLimit {
      text = String(decoding: Array(text.utf8.prefix(bodyLimit)), as: UTF8.self) + "…[\(data.count) bytes]"
    }
    return text
  }

  static func redactJSON(_ value: Any, secrets: inout [String]) -> Any {
    if let object = value as? [String: Any] {
      var copy: [String: Any] = [:]
      for (key, inner) in object {
        if isSecret(name: key) {
          if let text = inner as? String { secrets.append(text) }
          copy[key] = marker
        } else {
          copy[key] = redactJSON(inner, secrets: &secrets)
        }
      }
      return copy
    }
    if let array = value as? [Any] { return array.map { redactJSON($0, secrets: &secrets) } }
    if let text = value as? String { return scrubJWTs(text) }
    return value
  }

  /// Anything shaped like a JWT (`eyJ…​.…​.…`) becomes the marker, wherever it appears.
  public static func scrubJWTs(_ text: String) -> String {
    guard text.contains("eyJ") else { return text }
    return text.replacing(/eyJ[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]*(\.[A-Za-z0-9_\-]*)?/, with: marker)
  }
}
