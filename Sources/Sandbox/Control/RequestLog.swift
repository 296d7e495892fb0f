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
    /// Milliseconds the sandbox spent answering, without the latency it adds (`--latency-ms`,
    /// fault rules): what a benchmark reads to tell the sandbox's cost from the client's.
    var serverMillis: Double?
    /// Set by `append`: which entry `recordServerTime` completes.
    var serial = 0

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
        ("serverMillis", serverMillis.map(JSONValue.number)),
      ])
    }
  }

  /// Query parameters whose values are secrets or single-use credentials.
  static let redactedParameters: Set<String> = [
    "code", "code_verifier", "refresh_token", "access_token", "id_token", "client_secret", "client_assertion",
    "device_code", "password", "assertion", "token",
  ]

  private let entries = Mutex<(list: [Entry], serial: Int)>(([], 0))
  private static let limit = 10_000

  /// Logs the request; returns the serial that `recordServerTime` takes.
  @discardableResult
  func append(_ entry: Entry) -> Int {
    var entry = entry
    entry.query = entry.query.map { Self.redactedParameters.contains($0.0.lowercased()) ? ($0.0, "[redacted]") : $0 }
    return entries.withLock { log in
      log.serial += 1
      entry.serial = log.serial
      log.list.append(entry)
      if log.list.count > Self.limit { log.list.removeFirst(log.list.count - Self.limit) }
      return log.serial
    }
  }

  /// How long the request with `serial` took to answer (the entry may have left the log).
  func recordServerTime(_ serial: Int, millis: Double) {
    entries.withLock { log in
      guard let position = log.list.lastIndex(where: { $0.serial == serial }) else { return }
      log.list[position].serverMillis = millis
    }
  }

  var all: [Entry] { entries.withLock { $0.list } }

  func clear() { entries.withLock { $0.list.removeAll() } }
}
