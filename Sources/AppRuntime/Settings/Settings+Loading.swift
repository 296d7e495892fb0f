import Foundation
import RosterCore

/// Loading settings from disk: the plist file (found by `Settings.settingsFile`), then
/// `ROSTER_*` variables, then command-line flags (`Settings.resolved`, pure, in RosterCore).
/// A missing default file is fine, a missing explicit one is an error.
extension Settings {
  /// File, then environment, then flags.
  public static func load(overrides: Overrides = Overrides(), environment: [String: String]) throws(LoadingError)
    -> Settings
  {
    let (path, explicit) = settingsFile(configFile: overrides.configFile, environment: environment)
    var file: SettingsFile?
    if FileManager.default.fileExists(atPath: path) {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw LoadingError("The settings file \(path) cannot be read.")
      }
      file = try SettingsFile.decode(data, path: path)
    } else if explicit {
      throw LoadingError("The settings file \(path) does not exist.")
    }
    return try resolved(file: file, overrides: overrides, environment: environment)
  }
}

extension Settings {
  /// The sentence naming the settings file's unknown keys (a misspelt `clientID`), or nil when
  /// there is no file or every key is known. Said as a warning: the rest of the file still works.
  public static func unknownKeysWarning(configFile: String?, environment: [String: String]) -> String? {
    let path = settingsFile(configFile: configFile, environment: environment).path
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return SettingsFile.unknownKeysWarning(in: data, path: path)
  }
}
