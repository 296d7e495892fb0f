import Foundation

extension PhotoDiskCache {
  /// Deletes every cached photo of `tenant` (`roster logout` of the last account in it): file
  /// names carry the tenant and person id in hex, so they are found without reading any file.
  /// Returns how many were removed.
  @discardableResult
  public func forget(tenant: String) -> Int {
    let prefix = Data((tenant + "|").utf8).map { String(format: "%02x", $0) }.joined()
    var removed = 0
    for file in files() {
      guard let dash = file.name.firstIndex(of: "-"), file.name[file.name.index(after: dash)...].hasPrefix(prefix)
      else { continue }
      if unlink(directory.appendingPathComponent(file.name).path) == 0 { removed += 1 }
    }
    return removed
  }
}
