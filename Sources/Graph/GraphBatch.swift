import Foundation
import RosterCore
import Transport

/// Graph JSON batching (`POST /$batch`, concepts/json-batching.md): several requests in one
/// round trip. At most 20 requests; URLs relative to the version (`/users/…`); responses come
/// back in any order, matched by `id`, each with its own `status`, `headers` and `body`. The
/// batch itself answers 200 when it parses, so each inner status must be read.
enum GraphBatch {
  static let maxRequests = 20
  private typealias Malformed = JSONCursor.Malformed

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

  /// One inner answer, its body as a single request's would be: the inner JSON's own text as the
  /// batch carried it (no parse into objects and no writing out), or for binary content (a string)
  /// the bytes it encodes. A fill's look-ups read 20 delta pages of up to 500 links a batch, and
  /// `JSONSerialization` of them was most of a groups fill's memory
  /// (docs/decisions/index-local-index.md#index--first-sync-under-graphs-limits).
  struct Answer {
    var status: Int
    var headers: [(name: String, value: String)]
    /// An object's text is a slice of the batch's body: read it through `withUnsafeBytes` (as the
    /// decoders do) or as `response`.
    var body: Data

    /// The headers alone (`x-ms-resource-unit`, `Retry-After`).
    var head: HTTPResponse { HTTPResponse(status: status, headers: headers, body: Data()) }

    /// With its body copied out of the batch's (indexed from zero, as any response's).
    var response: HTTPResponse {
      HTTPResponse(status: status, headers: headers, body: body.withUnsafeBytes { Data($0) })
    }
  }

  /// The inner answers by (lower-cased) id, read from the bytes (`JSONCursor`). `bodies: false`
  /// leaves every body empty, for a reader of statuses alone (`retryableInner`).
  static func answers(from data: Data, bodies: Bool = true) throws(DirectoryError) -> [String: Answer] {
    let result: Result<[String: Answer]?, Malformed> = data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      return Result { () throws(Malformed) in try answers(bytes, in: data, bodies: bodies) }
    }
    guard let answers = try? result.get() else {
      throw .malformedResponse("The batch answer from Microsoft Graph has no \"responses\" array.")
    }
    return answers
  }

  /// `data`: what `bytes` are the bytes of, so an object's body is a slice of it (no copy).
  private static func answers(_ bytes: UnsafeBufferPointer<UInt8>, in data: Data, bodies: Bool) throws(Malformed)
    -> [String: Answer]?
  {
    var cursor = try JSONCursor(bytes)
    guard try cursor.peek() == .object else { return nil }
    var result: [String: Answer]?
    try cursor.members { (cursor, key) throws(Malformed) in
      guard key == "responses", try cursor.peek() == .array else { return try cursor.skip() }
      var found: [String: Answer] = [:]
      try cursor.elements { (cursor) throws(Malformed) in
        guard try cursor.peek() == .object else { return try cursor.skip() }
        var id: String?
        var answer = Answer(status: 0, headers: [], body: Data())
        var status: Int?
        try cursor.members { (cursor, key) throws(Malformed) in
          switch key {
          case "id": id = try cursor.stringIfAny()
          case "status": status = try cursor.intIfAny()
          case "headers": answer.headers = try Self.headers(&cursor)
          case "body" where bodies: answer.body = try Self.body(&cursor, in: data)
          default: try cursor.skip()
          }
        }
        guard let id, let status else { return }
        answer.status = status
        found[id.lowercased()] = answer
      }
      result = found
    }
    try cursor.end()
    return result
  }

  /// An inner answer's headers: the string-valued ones.
  private static func headers(_ cursor: inout JSONCursor) throws(Malformed) -> [(name: String, value: String)] {
    guard try cursor.peek() == .object else {
      try cursor.skip()
      return []
    }
    var headers: [(name: String, value: String)] = []
    try cursor.members { (cursor, name) throws(Malformed) in
      if let value = try cursor.stringIfAny() { headers.append((name, value)) }
    }
    return headers
  }

  /// An object or array as its text (a slice of the batch's `data`, sharing its storage); a string
  /// as the base64 it carries (or its text); else empty.
  private static func body(_ cursor: inout JSONCursor, in data: Data) throws(Malformed) -> Data {
    switch try cursor.peek() {
    case .object, .array:
      let span = try cursor.span()
      return data[(data.startIndex + span.lowerBound)..<(data.startIndex + span.upperBound)]
    case .string:
      let text = try cursor.string()
      return Data(base64Encoded: text) ?? Data(text.utf8)
    default:
      try cursor.skip()
      return Data()
    }
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
    // Statuses first: only the chosen answer's body is kept.
    guard let inner = try? answers(from: response.body, bodies: false),
      let chosen = inner.sorted(by: { $0.value.status > $1.value.status }).first(where: {
        $0.value.status == 429 || $0.value.status >= 500
      })
    else { return nil }
    return (try? answers(from: response.body))?[chosen.key]?.response
  }
}
