import Foundation

/// The identity platform's error body (`error`, `error_description`, `error_codes`, `trace_id`,
/// `suberror`, …), from a token endpoint answer or a redirect's query.
///
/// Only `error` and `suberror` are meant to drive behaviour; the numeric code (AADSTS or
/// AADB2C) picks the plain-language explanation, and the trace id is kept for support.
struct OAuthErrorBody: Sendable, Equatable {
  var error: String
  var description: String?
  /// `AADSTS50076` or `AADB2C90080`, from `error_codes` or the description's prefix.
  var code: String?
  var suberror: String?
  var traceId: String?
  var correlationId: String?
  /// A claims challenge (Conditional Access) to pass on the next authorize request.
  var claims: String?

  /// Parses a JSON error body; nil when the body is not JSON or has no `error`.
  static func parse(_ data: Data) -> OAuthErrorBody? {
    guard let object = try? JSONSerialization.jsonObject(with: data), let json = object as? [String: Any],
      let error = json["error"] as? String, !error.isEmpty
    else { return nil }
    let description = json["error_description"] as? String
    let codes = (json["error_codes"] as? [Any])?.compactMap { TokenResponse.flexibleInt($0) } ?? []
    return OAuthErrorBody(
      error: error,
      description: description,
      code: codes.first.map { "AADSTS\($0)" } ?? description.flatMap(extractCode),
      suberror: json["suberror"] as? String,
      traceId: (json["trace_id"] as? String) ?? description.flatMap(extractTraceId),
      correlationId: json["correlation_id"] as? String,
      claims: json["claims"] as? String
    )
  }

  /// Builds the body from a redirect's query items (`error`, `error_description`, `error_subcode`).
  static func fromQuery(_ items: [String: String]) -> OAuthErrorBody? {
    guard let error = items["error"], !error.isEmpty else { return nil }
    let description = items["error_description"]
    return OAuthErrorBody(
      error: error, description: description, code: description.flatMap(extractCode),
      suberror: items["error_subcode"] ?? items["suberror"],
      traceId: items["trace_id"] ?? description.flatMap(extractTraceId), correlationId: items["correlation_id"],
      claims: items["claims"])
  }

  /// `AADSTS70011` / `AADB2C90080` at the start of (or inside) a description.
  static func extractCode(_ description: String) -> String? {
    guard let range = description.range(of: #"AAD(STS|B2C)[0-9]+"#, options: .regularExpression) else { return nil }
    return String(description[range])
  }

  /// The `Trace ID: …` line Entra ID appends to descriptions.
  static func extractTraceId(_ description: String) -> String? {
    guard let range = description.range(of: #"Trace ID: [0-9a-fA-F-]+"#, options: .regularExpression) else {
      return nil
    }
    return String(description[range].dropFirst("Trace ID: ".count))
  }

  /// The numeric part of `code` (`50076`), for table look-ups.
  var codeNumber: Int? {
    guard let code else { return nil }
    for prefix in ["AADSTS", "AADB2C"] where code.hasPrefix(prefix) { return Int(code.dropFirst(prefix.count)) }
    return nil
  }
}
