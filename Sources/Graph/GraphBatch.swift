import Foundation
import RosterCore
import Transport

/// Graph JSON batching (`POST /$batch`, concepts/json-batching.md): several requests in one
/// round trip. At most 20 requests; URLs relative to the version (`/users/…`); responses come
/// back in any order, matched by `id`, each with its own `status`, `headers` and `body`. The
/// batch itself answers 200 when it parses, so each inner status must be read.
enum GraphBatch {
  static let maxRequests = 20

  struct Request: Sendable {
    var id: String
    /// Relative to the version: `/users/{id}?$select=…`.
    var url: String
    var headers: [(name: String, value: String)] = []
  }

  /// The JSON body of a batch of GETs.
  static func body(_ requests: [Request]) -> Data {
    precondition(requests.count <= maxRequests, "Graph takes at most \(maxRequests) requests in one batch")
    let items: [[String: Any]] = requests.map { request in
      var item: [String: Any] = ["id": request.id, "method": "GET", "url": request.url]
      if !request.headers.isEmpty {
        item["headers"] = Dictionary(
          request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
      }
      return item
    }
    return (try? JSONSerialization.data(withJSONObject: ["requests": items], options: [.sortedKeys])) ?? Data()
  }

  /// One inner answer with its body still parsed (`body`: the JSON object, or a string for binary
  /// content), for a reader of objects that need not have it written out and parsed again: a
  /// fill's look-ups read 20 delta pages of up to 500 links a batch.
  struct Answer {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Any?

    /// The headers alone (`x-ms-resource-unit`, `Retry-After`), without writing the body out.
    var head: HTTPResponse { HTTPResponse(status: status, headers: headers, body: Data()) }

    /// As an `HTTPResponse` whose body is the inner JSON again (base64 content decoded).
    var response: HTTPResponse {
      var data = Data()
      if let body, !(body is NSNull) {
        if JSONSerialization.isValidJSONObject(body) {
          data = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
        } else if let text = body as? String {
          data = Data(base64Encoded: text) ?? Data(text.utf8)
        }
      }
      return HTTPResponse(status: status, headers: headers, body: data)
    }
  }

  /// The inner answers by (lower-cased) id, bodies as parsed.
  static func answers(from data: Data) throws(DirectoryError) -> [String: Answer] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let items = root["responses"] as? [[String: Any]]
    else { throw .malformedResponse("The batch answer from Microsoft Graph has no \"responses\" array.") }
    var result: [String: Answer] = [:]
    for item in items {
      guard let id = item["id"] as? String, let status = (item["status"] as? NSNumber)?.intValue else { continue }
      let headers = ((item["headers"] as? [String: Any]) ?? [:]).compactMap { name, value in
        (value as? String).map { (name: name, value: $0) }
      }
      result[id.lowercased()] = Answer(status: status, headers: headers, body: item["body"])
    }
    return result
  }

  /// The inner responses by id, each as an `HTTPResponse` whose body is the inner JSON again, so
  /// the decoders and error mapping of single requests apply unchanged.
  static func responses(from data: Data) throws(DirectoryError) -> [String: HTTPResponse] {
    try answers(from: data).mapValues(\.response)
  }

  /// The inner response that should decide a retry of the whole batch: the first throttled or
  /// failing-server one (429, 5xx). The executor then waits out its `Retry-After` as for a
  /// request of its own.
  static func retryableInner(_ response: HTTPResponse) -> HTTPResponse? {
    guard let inner = try? answers(from: response.body) else { return nil }
    // Only the chosen answer's body is written out again.
    return inner.values.sorted { $0.status > $1.status }.first { $0.status == 429 || $0.status >= 500 }?.response
  }
}
