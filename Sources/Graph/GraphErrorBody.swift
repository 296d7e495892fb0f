import Foundation

/// Graph's OData error body, `{"error":{"code":…,"message":…,"innerError":{…}}}`, read leniently:
/// any part may be missing, and a body that is not JSON at all gives an empty value.
struct GraphErrorBody: Sendable, Equatable {
  var code: String?
  var message: String?
  var requestId: String?

  init(code: String? = nil, message: String? = nil, requestId: String? = nil) {
    self.code = code
    self.message = message
    self.requestId = requestId
  }

  init(data: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let error = object["error"] as? [String: Any]
    else { return }
    code = (error["code"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    message = error["message"] as? String
    let inner = (error["innerError"] ?? error["innererror"]) as? [String: Any]
    requestId = inner?["request-id"] as? String
  }

  /// The message, or a stand-in naming the status when Graph sent none.
  func text(status: Int) -> String {
    if let message, !message.isEmpty { return message }
    return "Graph answered HTTP \(status) without an explanation."
  }
}
