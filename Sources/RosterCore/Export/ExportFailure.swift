/// Why a file could not be written, in words for the banner.
public struct ExportFailure: Error, Equatable, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}
