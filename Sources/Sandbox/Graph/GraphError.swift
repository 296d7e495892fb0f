import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// A Graph refusal: `{"error":{"code","message","innerError":{"date","request-id","client-request-id"}}}`.
struct GraphError: Error, Sendable, Equatable {
  var status: Int
  var code: String
  var message: String
  /// 401s carry `WWW-Authenticate` so clients know where to get a token.
  var challenge = false

  init(status: Int, code: String, message: String, challenge: Bool = false) {
    self.status = status
    self.code = code
    self.message = message
    self.challenge = challenge
  }

  init(_ error: GraphQueryError) { self.init(status: error.status, code: error.code, message: error.message) }

  func response(request: IncomingRequest, now: Date, extraHeaders: HTTPFields = [:]) -> Response {
    let ids = GraphEndpoints.requestIds(request)
    var inner: [(String, JSONValue)] = []
    if status == 429 { inner.append(("code", .string("429"))) }
    inner.append(("date", .string(GraphEndpoints.dateFormat(now))))
    if status == 429 { inner.append(("message", .string("Please retry after"))) }
    inner += [("request-id", .string(ids.requestId)), ("client-request-id", .string(ids.clientRequestId))]
    if status == 429 { inner.append(("status", .string("429"))) }
    let body = JSONValue.object([
      ("error", .object([("code", .string(code)), ("message", .string(message)), ("innerError", .object(inner))]))
    ])
    var headers = GraphEndpoints.headers(ids)
    for field in extraHeaders { headers.append(field) }
    if challenge {
      headers[.wwwAuthenticate] =
        "Bearer realm=\"\", authorization_uri=\"\(request.base)/common/oauth2/authorize\", client_id=\"\(TokenClaims.graphAudience)\""
    }
    return .json(
      body, status: HTTPResponse.Status(code: status), contentType: GraphEndpoints.contentType, headers: headers)
  }

  // MARK: - The errors Graph sends

  static func unauthenticated(_ message: String) -> GraphError {
    GraphError(status: 401, code: "InvalidAuthenticationToken", message: message, challenge: true)
  }
  static let accessDenied = GraphError(
    status: 403, code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation.")
  static func notFound(_ resource: String) -> GraphError {
    GraphError(
      status: 404, code: "Request_ResourceNotFound",
      message: "Resource '\(resource)' does not exist or one of its queried reference-property objects are not present."
    )
  }
  static let imageNotFound = GraphError(
    status: 404, code: "ImageNotFound",
    message: "Exception of type 'Microsoft.Fast.Profile.Core.Exception.ImageNotFoundException' was thrown.")
  static func badSegment(_ segment: String) -> GraphError {
    GraphError(status: 400, code: "BadRequest", message: "Resource not found for the segment '\(segment)'.")
  }

  /// The body an injected status fault carries.
  static func forStatus(_ status: Int) -> GraphError {
    switch status {
    case 429: GraphError(status: 429, code: "TooManyRequests", message: "Please retry again later.")
    case 503:
      GraphError(
        status: 503, code: "serviceNotAvailable", message: "The service is temporarily unavailable. Please retry later."
      )
    case 504: GraphError(status: 504, code: "UnknownError", message: "The gateway timed out.")
    case 401: unauthenticated("Access token validation failure.")
    case 403: accessDenied
    case 404: notFound("unknown")
    case 500...599: GraphError(status: status, code: "generalException", message: "An internal server error occurred.")
    default: GraphError(status: status, code: "BadRequest", message: "The request could not be processed.")
    }
  }
}
