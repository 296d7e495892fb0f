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
    try data.write(to: url, options: .atomic)
  }
}
