import Foundation

/// A client secret on an app registration (Graph's `passwordCredential`). Graph never returns the
/// secret itself after creation (`secretText` is null), only its first characters as `hint`, so the
/// sandbox stores none.
public struct AppPasswordCredential: Sendable, Equatable {
  public var keyId: String
  public var displayName: String?
  public var hint: String
  public var startDateTime: Date
  public var endDateTime: Date

  public init(keyId: String, displayName: String?, hint: String, startDateTime: Date, endDateTime: Date) {
    self.keyId = keyId
    self.displayName = displayName
    self.hint = hint
    self.startDateTime = startDateTime
    self.endDateTime = endDateTime
  }
}

/// A certificate on an app registration or enterprise app (Graph's `keyCredential`). One
/// certificate uploaded for SAML signing is listed twice, `Sign` and `Verify`, under the same
/// `customKeyIdentifier` (its thumbprint), which a client counting expiring certificates must not
/// count twice. The key bytes are not stored (Graph returns `key` only when selected singly).
public struct AppKeyCredential: Sendable, Equatable {
  public var keyId: String
  /// The certificate's thumbprint in upper-case hex (rendered as base64, `binary`).
  public var customKeyIdentifier: String
  public var displayName: String?
  /// `Sign` or `Verify`.
  public var usage: String
  public var type: String
  public var startDateTime: Date
  public var endDateTime: Date

  public init(
    keyId: String, customKeyIdentifier: String, displayName: String?, usage: String,
    type: String = "AsymmetricX509Cert", startDateTime: Date, endDateTime: Date
  ) {
    self.keyId = keyId
    self.customKeyIdentifier = customKeyIdentifier
    self.displayName = displayName
    self.usage = usage
    self.type = type
    self.startDateTime = startDateTime
    self.endDateTime = endDateTime
  }
}

extension AppPasswordCredential {
  func rendered() -> JSONValue {
    .object([
      ("customKeyIdentifier", .null), ("displayName", displayName.map(JSONValue.string) ?? .null),
      ("endDateTime", .string(endDateTime.formatted(.iso8601))), ("hint", .string(hint)),
      ("keyId", .string(keyId)), ("secretText", .null),
      ("startDateTime", .string(startDateTime.formatted(.iso8601))),
    ])
  }
}

extension AppKeyCredential {
  /// The thumbprint as OData writes an `Edm.Binary` value: base64 of its bytes, not the hex.
  static func binary(_ hex: String) -> String {
    let digits = Array(hex.utf8)
    let bytes = stride(from: 0, to: digits.count - 1, by: 2).compactMap {
      UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
    }
    return Data(bytes).base64EncodedString()
  }

  func rendered() -> JSONValue {
    .object([
      ("customKeyIdentifier", .string(Self.binary(customKeyIdentifier))),
      ("displayName", displayName.map(JSONValue.string) ?? .null),
      ("endDateTime", .string(endDateTime.formatted(.iso8601))), ("key", .null), ("keyId", .string(keyId)),
      ("startDateTime", .string(startDateTime.formatted(.iso8601))), ("type", .string(type)),
      ("usage", .string(usage)),
    ])
  }
}
