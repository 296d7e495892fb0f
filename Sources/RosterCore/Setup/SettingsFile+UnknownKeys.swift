import Foundation

/// Keys of the settings file that Roster does not know. Decoding ignores them, so a misspelt key
/// (`clientID` for `clientId`) used to do nothing, silently: the person saw "no client id" with a
/// client id in the file. They are named, with the known key they most likely meant.
extension SettingsFile {
  /// Every key Roster reads, at the top level and in a profile.
  public static let knownKeys = CodingKeys.allCases.map(\.rawValue)

  /// Unknown keys of the plist `data`, as `key` or `profiles.NAME.key`, sorted; empty when the
  /// data is not a dictionary (decoding reports that).
  public static func unknownKeys(in data: Data) -> [String] {
    guard let top = try? PropertyListDecoder().decode(KeyNames.self, from: data) else { return [] }
    var unknown = top.keys.filter { !knownKeys.contains($0) }
    for (name, keys) in top.profiles {
      unknown += keys.filter { !knownKeys.contains($0) || $0 == "profiles" }.map { "profiles.\(name).\($0)" }
    }
    return unknown.sorted()
  }

  /// A dictionary's keys and those of each dictionary under its `profiles`, read by
  /// `PropertyListDecoder` as the settings are: bridging `PropertyListSerialization`'s untyped
  /// answer to Swift cost more than reading the settings themselves (issue 42). A profile that
  /// is not a dictionary has no keys.
  private struct KeyNames: Decodable {
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    var keys: [String]
    var profiles: [String: [String]] = [:]

    init(from decoder: any Decoder) throws {
      let top = try decoder.container(keyedBy: Key.self)
      keys = top.allKeys.map(\.stringValue)
      guard let named = try? top.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "profiles")) else {
        return
      }
      for name in named.allKeys {
        profiles[name.stringValue] =
          (try? named.nestedContainer(keyedBy: Key.self, forKey: name))?.allKeys.map(\.stringValue) ?? []
      }
    }
  }

  /// One sentence naming the unknown keys of the file at `path`, each with the known key that
  /// differs from it only in case, when there is one; nil when every key is known.
  public static func unknownKeysWarning(in data: Data, path: String) -> String? {
    let unknown = unknownKeys(in: data)
    guard !unknown.isEmpty else { return nil }
    let named = unknown.map { key -> String in
      let last = key.split(separator: ".").last.map(String.init) ?? key
      let shown = "“\(CleanText(key))”"
      guard let meant = knownKeys.first(where: { $0.lowercased() == last.lowercased() && $0 != last }) else {
        return shown
      }
      return "\(shown) (did you mean “\(meant)”?)"
    }
    let noun = unknown.count == 1 ? "an unknown key" : "unknown keys"
    return "The settings file \(path) has \(noun), ignored: \(named.joined(separator: ", "))."
  }
}
