/// All naming traditions the generator draws from; see the `NameTables+*.swift` files.
enum NameTables {
  static let all: [NameCulture] = europeAndAmericas + asiaMiddleEastAndAfrica

  private static let byKey: [String: NameCulture] = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

  static func culture(_ key: String) -> NameCulture {
    guard let culture = byKey[key] else { preconditionFailure("unknown culture \(key)") }
    return culture
  }
}
