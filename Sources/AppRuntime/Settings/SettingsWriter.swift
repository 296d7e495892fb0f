import Foundation
import RosterCore

/// Saves what the setup screen edits (client id, authority) into the settings plist, keeping every
/// other key already in the file. Written atomically; the directory is created 0700. It lives beside
/// `Settings+Loading.swift` (reading) so the settings file is touched in one module; where the file
/// is and what its keys mean are decided once, in RosterCore's `Settings+Sources.swift`.
public enum SettingsWriter {
  public static func save(_ settings: Settings, configFile: String?, environment: [String: String]) throws {
    let path = Settings.settingsFile(configFile: configFile, environment: environment).path
    let url = URL(fileURLWithPath: path)
    var values: [String: Any] = [:]
    if let data = try? Data(contentsOf: url),
      let existing = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    {
      values = existing
    }
    values["clientId"] = settings.clientId
    values["authority"] = settings.authority
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
    try writePrivately(data, to: path)
  }

  /// Writes through a 0600 temp file (O_EXCL) renamed over the settings file, so the file is never
  /// readable by others, not even for a moment: it may name a tenant and a profile's task API, and
  /// docs/guide.md#files promises 0600 (`Data.write(options: .atomic)` makes it 0644 under the usual
  /// umask).
  static func writePrivately(_ data: Data, to path: String) throws {
    let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw WriteFailure(path: path, reason: String(cString: strerror(errno))) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: data)
      try handle.synchronize()
      fchmod(descriptor, 0o600)
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteFailure(path: path, reason: reason)
    }
  }

  /// Why the settings file could not be written, as the setup screen shows it.
  struct WriteFailure: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
  }
}
