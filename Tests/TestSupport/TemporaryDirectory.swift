import Foundation

/// A fresh directory under the system temp dir, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("roster-id-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  func remove() { try? FileManager.default.removeItem(at: url) }

  static func mode(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int ?? -1) & 0o777
  }
}

/// Collects warnings a store prints.
final class WarningLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  var all: [String] { lock.withLock { lines } }
  func append(_ line: String) { lock.withLock { lines.append(line) } }
}
