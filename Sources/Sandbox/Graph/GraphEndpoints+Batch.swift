import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SandboxDirectory

/// `POST /v1.0/$batch`: Graph's JSON batching (concepts/json-batching.md). Up to 20 requests,
/// each `{id, method, url, headers?, body?, dependsOn?}` with a URL relative to the version;
/// the answer is `{"responses":[{id, status, headers, body}]}`, one per request. The batch
/// itself is 200 once it parses (every request carries its own status) and 400 when it does
/// not. A request whose `dependsOn` names one that failed gets 424 without running.
///
/// Each request runs through the same Graph routing as a request of its own, with the batch's
/// bearer token, so permissions, `$select`, `$expand` and errors are exactly the same.
extension GraphEndpoints {
  static let maxBatchRequests = 20

  struct BatchItem {
    var id: String
    var method: String
    var url: String
    var headers: [(String, String)]
    var body: JSONValue?
    var dependsOn: [String]
  }

  func batch(_ request: IncomingRequest) async throws(GraphError) -> Response {
    let items = try Self.batchItems(request.body)
    var done: [String: Int] = [:]
    var answers: [String] = []
    var pending = items
    while !pending.isEmpty {
      guard let next = pending.firstIndex(where: { $0.dependsOn.allSatisfy { done[$0.lowercased()] != nil } }) else {
        throw Self.invalidBatch("A request depends on an id that is not in the batch, or on itself.")
      }
      let item = pending.remove(at: next)
      let failedDependency = item.dependsOn.contains { !(200..<300).contains(done[$0.lowercased()] ?? 0) }
      let answer: (status: Int, headers: [(String, JSONValue)], body: String?)
      if failedDependency {
        answer = (424, [("Content-Type", .string("application/json"))], Self.failedDependencyBody.jsonText)
      } else {
        answer = await run(item, within: request)
      }
      done[item.id.lowercased()] = answer.status
      // Each inner body goes in as the JSON text it was written as: decoding and writing it again
      // cost the sandbox a second for a batch of twenty 500-member delta pages (debug build).
      let head = JSONValue.object([
        ("id", .string(item.id)), ("status", .int(answer.status)), ("headers", .object(answer.headers)),
      ]).jsonText
      answers.append(answer.body.map { head.dropLast() + ",\"body\":" + $0 + "}" } ?? head)
    }
    var headers = Self.headers(Self.requestIds(request))
    headers[.contentType] = Self.contentType
    let text = "{\"responses\":[" + answers.joined(separator: ",") + "]}"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  /// One request of the batch, answered through the normal routing.
  private func run(_ item: BatchItem, within batch: IncomingRequest) async
    -> (status: Int, headers: [(String, JSONValue)], body: String?)
  {
    var relative = item.url
    if relative.hasPrefix("/") { relative.removeFirst() }
    let parts = relative.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let rawPath = "/v1.0/" + (parts.first.map(String.init) ?? "")
    let rawQuery = parts.count > 1 ? String(parts[1]) : ""
    var headers = HTTPFields()
    if let authorization = batch.headers[.authorization] { headers[.authorization] = authorization }
    for (name, value) in item.headers {
      if let field = HTTPField.Name(name) { headers[field] = value }
    }
    let sub = IncomingRequest(
      method: item.method.uppercased(), path: rawPath.removingPercentEncoding ?? rawPath, rawQuery: rawQuery,
      query: FormFields(rawQuery), headers: headers, body: item.body.map(\.jsonText) ?? "", base: batch.base,
      isLoopbackPeer: batch.isLoopbackPeer)
    if sub.components.dropFirst().first?.lowercased() == "$batch" {
      let error = GraphError(status: 400, code: "BadRequest", message: "A batch request cannot contain another batch.")
      return await Self.capture(error.response(request: sub, now: tenant.now))
    }
    let answer = await Self.capture(respond(to: sub))
    if answer.status == 429 { tenant.stats.record { $0.throttled += 1 } }
    return answer
  }

  /// Status, headers and body of a response made in-process; JSON bodies as their JSON text,
  /// anything else (a photo) as a base64-encoded string, as Graph returns binary content inside a
  /// batch.
  private static func capture(_ response: Response) async -> (
    status: Int, headers: [(String, JSONValue)], body: String?
  ) {
    let collector = BodyCollector()
    try? await response.body.write(collector.writer)
    let data = Data(collector.buffer.readableBytesView)
    var headers: [(String, JSONValue)] = []
    for field in response.headers
    where ["content-type", "retry-after", "cache-control"].contains(field.name.canonicalName)
      || field.name.canonicalName.hasPrefix("x-ms-throttle-") || field.name.canonicalName == "x-ms-resource-unit"
    {
      headers.append((field.name.rawName, .string(field.value)))
    }
    let isJSON = response.headers[.contentType]?.lowercased().hasPrefix("application/json") ?? false
    var body: String?
    if !data.isEmpty {
      // The sandbox's own JSON answers are valid JSON text; anything else is carried as base64.
      let text = isJSON ? String(data: data, encoding: .utf8) : nil
      body = text ?? JSONValue.string(data.base64EncodedString()).jsonText
    }
    return (Int(response.status.code), headers, body)
  }

  static func batchItems(_ text: String) throws(GraphError) -> [BatchItem] {
    guard let data = text.data(using: .utf8), let root = try? JSONDecoder().decode(JSONValue.self, from: data),
      case .array(let requests)? = root["requests"]
    else { throw invalidBatch("Invalid batch payload format: the body must be {\"requests\": [...]}.") }
    guard !requests.isEmpty else { throw invalidBatch("Invalid batch payload format: no requests.") }
    guard requests.count <= maxBatchRequests else {
      throw invalidBatch("Batch request limit exceeded: at most \(maxBatchRequests) requests in one batch.")
    }
    var items: [BatchItem] = []
    var ids: Set<String> = []
    for request in requests {
      guard case .string(let id)? = request["id"], !id.isEmpty, case .string(let method)? = request["method"],
        case .string(let url)? = request["url"]
      else { throw invalidBatch("Invalid batch payload format: every request needs string id, method and url.") }
      guard ids.insert(id.lowercased()).inserted else {
        throw invalidBatch("Batch request ids must be unique: '\(id)'.")
      }
      var headers: [(String, String)] = []
      if case .object(let members)? = request["headers"] {
        for (name, value) in members {
          guard case .string(let text) = value else { throw invalidBatch("Header '\(name)' must be a string.") }
          headers.append((name, text))
        }
      }
      var dependsOn: [String] = []
      if case .array(let names)? = request["dependsOn"] {
        for name in names {
          guard case .string(let other) = name else { throw invalidBatch("dependsOn must list request ids.") }
          dependsOn.append(other)
        }
      }
      items.append(
        BatchItem(id: id, method: method, url: url, headers: headers, body: request["body"], dependsOn: dependsOn))
    }
    return items
  }

  static func invalidBatch(_ message: String) -> GraphError {
    GraphError(status: 400, code: "BadRequest", message: message)
  }

  private static let failedDependencyBody = JSONValue.object([
    (
      "error",
      .object([
        ("code", .string("FailedDependency")),
        ("message", .string("The request was not run because a request it depends on failed.")),
      ])
    )
  ])
}
