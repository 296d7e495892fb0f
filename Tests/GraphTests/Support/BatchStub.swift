import Foundation
import Transport

/// Answers Graph JSON batches for a scripted transport the way Graph does: each inner request is
/// answered by a per-URL responder (as if sent alone), `$expand=manager` is filled from the
/// responder's `/manager` answers, and the inner answers come back in reverse order (Graph does
/// not promise request order). Lets detail tests keep describing single Graph resources.
enum BatchStub {
  struct SubRequest {
    var id: String
    var url: String
    var headers: [String: String]
  }

  /// The inner requests of a `$batch` POST (empty for any other request).
  static func subRequests(of request: HTTPRequest) -> [SubRequest] {
    guard request.method == "POST", request.url.path.hasSuffix("/$batch"), let body = request.body,
      let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let items = root["requests"] as? [[String: Any]]
    else { return [] }
    return items.compactMap { item in
      guard let id = item["id"] as? String, let url = item["url"] as? String else { return nil }
      return SubRequest(id: id, url: url, headers: (item["headers"] as? [String: String]) ?? [:])
    }
  }

  /// A fallback that answers batches by splitting them over `single`, and anything else with it.
  static func splitting(
    base: URL, _ single: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) -> @Sendable (HTTPRequest) -> HTTPResponse {
    { request in
      let subs = subRequests(of: request)
      guard !subs.isEmpty else { return single(request) }
      let answers: [[String: Any]] = subs.reversed().map { sub in
        let response = answer(sub, base: base, single)
        var item: [String: Any] = [
          "id": sub.id, "status": response.status, "headers": ["Content-Type": "application/json"],
        ]
        if let json = try? JSONSerialization.jsonObject(with: response.body) { item["body"] = json }
        return item
      }
      let body = try! JSONSerialization.data(withJSONObject: ["responses": answers])
      return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
    }
  }

  private static func answer(
    _ sub: SubRequest, base: URL, _ single: (HTTPRequest) -> HTTPResponse
  ) -> HTTPResponse {
    let url = URL(string: base.absoluteString + "/v1.0" + sub.url)!
    let response = single(HTTPRequest(url: url, headers: sub.headers.map { ($0.key, $0.value) }))
    guard sub.url.contains("$expand=manager"), response.status == 200,
      var user = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    else { return response }
    let path = String(sub.url.split(separator: "?")[0])
    let manager = single(HTTPRequest(url: URL(string: base.absoluteString + "/v1.0" + path + "/manager")!))
    switch manager.status {
    case 200: user["manager"] = try? JSONSerialization.jsonObject(with: manager.body)
    case 404: break
    default: return manager
    }
    return HTTPResponse(status: 200, body: try! JSONSerialization.data(withJSONObject: user))
  }
}
