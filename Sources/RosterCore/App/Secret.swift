/// A credential (access token, refresh token, device code) that never prints itself.
///
/// Why: tokens must never reach the screen, logs, argv or error text. Interpolating a `Secret`
/// into a string, dumping it, or printing it in a test failure shows `<redacted>`; only
/// `exposedValue` gives the real text, and only code that puts it on the wire should call it.
public struct Secret: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  private let value: String

  public init(_ value: String) { self.value = value }

  /// The real text; call only where it goes into an HTTP header or body, or the token cache.
  public var exposedValue: String { value }

  public var isEmpty: Bool { value.isEmpty }
  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: [:]) }

  public init(from decoder: any Decoder) throws {
    value = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}
