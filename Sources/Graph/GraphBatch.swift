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

  /// The inner responses by id, each as an `HTTPResponse` whose body is the inner JSON again, so
  /// the decoders and error mapping of single requests apply unchanged.
  static func responses(from data: Data) throws(DirectoryError) -> [String: HTTPResponse] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let items = root["responses"] as? [[String: Any]]
    else { throw .malformedResponse("The batch answer from Microsoft Graph has no \"responses\" array.") }
    var result: [String: HTTPResponse] = [:]
    for item in items {
      guard let id = item["id"] as? String, let status = (item["status"] as? NSNumber)?.intValue else { continue }
      let headers = ((item["headers"] as? [String: Any]) ?? [:]).compactMap { name, value in
        (value as? String).map { (name: name, value: $0) }
      }
      var body = Data()
      if let object = item["body"], !(object is NSNull) {
        if JSONSerialization.isValidJSONObject(object) {
          body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        } else if let text = object as? String {
          body = Data(base64Encoded: text) ?? Data(text.utf8)
        }
      }
      result[id.lowercased()] = HTTPResponse(status: status, headers: headers, body: body)
    }
    return result
  }

  /// The inner response that should decide a retry of the whole batch: the first throttled or
  /// failing-server one (429, 5xx). The executor then waits out its `Retry-After` as for a
  /// request of its own.
  static func retryableInner(_ response: HTTPResponse) -> HTTPResponse? {
    guard let inner = try? responses(from: response.body) else { return nil }
    return inner.values.sorted { $0.status > $1.status }.first { $0.status == 429 || $0.status >= 500 }
  }
}
