import Foundation

/// A refusal in Graph's terms: the server turns it into `{"error":{"code":…,"message":…}}`.
public struct GraphQueryError: Error, Sendable, Equatable {
  public var status: Int  // 400 mostly
  public var code: String  // "Request_UnsupportedQuery", "BadRequest", "Request_BadRequest"
  public var message: String
  public init(status: Int, code: String, message: String) {
    self.status = status
    self.code = code
    self.message = message
  }
}
