import Foundation

/// A fresh directory under the system temp dir (0700), removed by `remove()`.
public struct TemporaryDirectory: Sendable {
  public let url: URL

  public init(prefix: String = "roster-test") {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  public func remove() { try? FileManager.default.removeItem(at: url) }

  /// The permission bits of the file at `path` (-1 when it cannot be read).
  public static func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int ?? -1) & 0o777
  }
}
