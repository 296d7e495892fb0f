import Foundation
import SandboxDirectory
import Synchronization

/// What the sandbox received, for tests that assert on the traffic a client sent: method, path,
/// decoded query parameters and three headers. Never a token, a form body or an Authorization
/// header; query parameters that carry secrets are redacted.
final class RequestLog: Sendable {
  struct Entry: Sendable, Equatable {
    var method: String
    var path: String
    var query: [(String, String)]
    var consistencyLevel: String?
    var clientRequestId: String?
    var userAgent: String?

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.method == rhs.method && lhs.path == rhs.path && lhs.query.elementsEqual(rhs.query, by: ==)
        && lhs.consistencyLevel == rhs.consistencyLevel && lhs.clientRequestId == rhs.clientRequestId
        && lhs.userAgent == rhs.userAgent
    }

    var json: JSONValue {
      .members([
        ("method", .string(method)), ("path", .string(path)),
        ("query", .object(query.map { ($0.0, .string($0.1)) })),
        (
          "headers",
          .members([
            ("ConsistencyLevel", consistencyLevel.map(JSONValue.string)),
            ("client-request-id", clientRequestId.map(JSONValue.string)),
            ("User-Agent", userAgent.map(JSONValue.string)),
          ])
        ),
      ])
    }
  }

  /// Query parameters whose values are secrets or single-use credentials.
  static let redactedParameters: Set<String> = [
    "code", "code_verifier", "refresh_token", "access_token", "id_token", "client_secret", "client_assertion",
    "device_code", "password", "assertion", "token",
  ]

  private let entries = Mutex<[Entry]>([])
  private static let limit = 10_000

  func append(_ entry: Entry) {
    var entry = entry
    entry.query = entry.query.map { Self.redactedParameters.contains($0.0.lowercased()) ? ($0.0, "[redacted]") : $0 }
    entries.withLock { list in
      list.append(entry)
      if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
    }
  }

  var all: [Entry] { entries.withLock { $0 } }

  func clear() { entries.withLock { $0.removeAll() } }
}
