import Foundation
import SandboxDirectory

/// One injected fault, as posted to `POST /_sandbox/faults`:
/// `{"match": "/v1.0/users*", "method": "GET", "kind": "status", "status": 429, "retry_after": 1.5,
///   "count": 2}` or `"probability": 0.3` instead of `count` (neither: every match until cleared).
struct FaultRule: Sendable, Equatable {
  enum Kind: String, Sendable, CaseIterable {
    /// Adds `ms` milliseconds before the request is answered.
    case latency
    /// Answers `status` (429, 500, 503, …) with the service's error body; `retry_after` adds the header.
    case status
    /// Resets the TCP connection (RST) instead of answering.
    case reset
    /// Answers 200 with a JSON body cut mid-object.
    case malformedJSON = "malformed_json"
    /// Sends a Content-Length larger than the body, then closes the connection.
    case truncatedBody = "truncated_body"
    /// Immediate: every access token issued so far is treated as expired.
    case expireAccessTokens = "expire_access_tokens"
    /// Immediate: every refresh token issued so far is revoked (AADSTS50173).
    case revokeRefreshTokens = "revoke_refresh_tokens"
    /// Device-code polls matching the rule answer `slow_down`.
    case slowDown = "slow_down"
    /// Holds matching requests, after letting the first `after` through, until the rule is
    /// cleared (`DELETE /_sandbox/faults`): a test stops a client at a known request instead of
    /// racing an added latency against the machine's load.
    case hold

    /// Kinds that happen once, when posted, rather than per request.
    var isImmediate: Bool { self == .expireAccessTokens || self == .revokeRefreshTokens }
  }

  var id: Int = 0
  var match: String = "*"
  var method: String? = nil
  var kind: Kind
  /// Requests still to affect; nil = unlimited (or probabilistic).
  var count: Int? = nil
  var probability: Double? = nil
  var ms: Int = 0
  var status: Int = 503
  var retryAfter: String? = nil
  /// `hold`: how many matching requests still pass before the rule holds the rest.
  var after: Int = 0

  /// Parses one rule; the message says which field is wrong.
  init(json: [String: Any]) throws(FaultRuleError) {
    guard let kindName = json["kind"] as? String, let kind = Kind(rawValue: kindName) else {
      let names = Kind.allCases.map(\.rawValue).joined(separator: ", ")
      throw FaultRuleError("'kind' must be one of: \(names)")
    }
    self.kind = kind
    if let match = json["match"] {
      guard let text = match as? String, !text.isEmpty else {
        throw FaultRuleError("'match' must be a non-empty string")
      }
      self.match = text
    }
    if let method = json["method"] {
      guard let text = method as? String else { throw FaultRuleError("'method' must be a string") }
      self.method = text.uppercased()
    }
    if let count = json["count"] {
      guard let number = count as? Int, number >= 1 else { throw FaultRuleError("'count' must be an integer ≥ 1") }
      self.count = number
    }
    if let probability = json["probability"] {
      guard let number = probability as? Double, number >= 0, number <= 1 else {
        throw FaultRuleError("'probability' must be a number from 0 to 1")
      }
      self.probability = number
    }
    if count != nil && probability != nil { throw FaultRuleError("give 'count' or 'probability', not both") }
    if kind == .latency {
      guard let ms = json["ms"] as? Int, ms >= 0, ms <= 600_000 else {
        throw FaultRuleError("latency needs 'ms' (0…600000)")
      }
      self.ms = ms
    }
    if kind == .hold {
      guard count == nil && probability == nil else {
        throw FaultRuleError("hold takes 'after', not 'count' or 'probability' (clear the rule to release)")
      }
      if let after = json["after"] {
        guard let number = after as? Int, number >= 0 else { throw FaultRuleError("'after' must be an integer ≥ 0") }
        self.after = number
      }
    } else if json["after"] != nil {
      throw FaultRuleError("'after' is for hold only")
    }
    if kind == .status {
      guard let status = json["status"] as? Int, (400...599).contains(status) else {
        throw FaultRuleError("status needs 'status' (400…599)")
      }
      self.status = status
    }
    if let retryAfter = json["retry_after"] {
      if let number = retryAfter as? Double, number >= 0, number <= 86_400 {
        setRetryAfter(number)
      } else if let text = retryAfter as? String, Double(text) != nil {
        self.retryAfter = text
      } else {
        throw FaultRuleError("'retry_after' must be a number of seconds")
      }
    }
  }

  private mutating func setRetryAfter(_ seconds: Double) {
    retryAfter = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
  }

  /// Whether the rule applies to this request (glob on the path, `*` = any run of characters).
  func matches(method requestMethod: String, path: String) -> Bool {
    if let method, method != requestMethod.uppercased() { return false }
    return Self.glob(Array(match.utf8), Array(path.utf8))
  }

  static func glob(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    var p = 0
    var t = 0
    var starP = -1
    var starT = 0
    while t < text.count {
      if p < pattern.count && pattern[p] == UInt8(ascii: "*") {
        starP = p
        starT = t
        p += 1
      } else if p < pattern.count && pattern[p] == text[t] {
        p += 1
        t += 1
      } else if starP >= 0 {
        p = starP + 1
        starT += 1
        t = starT
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.count
  }

  /// The rule as the control API shows it.
  var json: JSONValue {
    .members([
      ("id", .int(id)), ("match", .string(match)), ("method", method.map(JSONValue.string)),
      ("kind", .string(kind.rawValue)), ("count", count.map(JSONValue.int)),
      ("probability", probability.map(JSONValue.number)),
      ("ms", kind == .latency ? .int(ms) : nil), ("status", kind == .status ? .int(status) : nil),
      ("retry_after", retryAfter.map(JSONValue.string)), ("after", kind == .hold ? .int(after) : nil),
    ])
  }
}

/// A fault rule that could not be parsed.
struct FaultRuleError: Error, Sendable, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
