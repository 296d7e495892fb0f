import Foundation
import RosterCore
import Transport

/// What Graph answered a write: the status, Graph's `request-id` response header (what support and
/// the tenant's audit log find the call by), and, for a refusal, Graph's code and message.
public struct WriteResponse: Sendable {
  public var status: Int
  public var requestId: String?
  /// The body of a success (a TAP's 201 carries the pass; read it with `temporaryAccessPass`).
  public var body: Data
  public var failure: WriteFailure?

  public var succeeded: Bool { failure == nil }

  public init(status: Int, requestId: String?, body: Data, failure: WriteFailure?) {
    self.status = status
    self.requestId = requestId
    self.body = body
    self.failure = failure
  }
}

/// A write Graph refused or that got no usable answer, decoded with `GraphFailure` and keeping
/// what a sentence needs: the HTTP status, Graph's error code and message.
public struct WriteFailure: Error, Sendable {
  /// 0 when no HTTP answer came (network, sign-in).
  public var status: Int
  public var code: String?
  public var message: String
  /// The error in the terms every command explains and maps to an exit code.
  public var error: DirectoryError

  /// Whether Graph answered with a refusal (4xx): the write did not happen. A 5xx or no answer
  /// leaves it unknown.
  public var isRefusal: Bool { (400..<500).contains(status) && status != 401 && status != 429 }

  public init(status: Int, code: String?, message: String, error: DirectoryError) {
    self.status = status
    self.code = code
    self.message = message
    self.error = error
  }
}

/// A Temporary Access Pass as Graph returned it once: the pass itself stays a `Secret` (it prints
/// as `<redacted>` anywhere but where the command shows it on purpose).
public struct TemporaryAccessPass: Sendable {
  public var id: String?
  public var pass: Secret
  public var lifetimeInMinutes: Int?
  public var startDateTime: Date?
  public var isUsableOnce: Bool?

  /// Reads the 201 body of `POST …/temporaryAccessPassMethods`; nil without a pass in it.
  public init?(_ body: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let pass = object["temporaryAccessPass"] as? String, !pass.isEmpty
    else { return nil }
    self.pass = Secret(pass)
    id = object["id"] as? String
    lifetimeInMinutes = object["lifetimeInMinutes"] as? Int
    startDateTime = HealthDecoding.date(object["startDateTime"])
    isUsableOnce = object["isUsableOnce"] as? Bool
  }
}
