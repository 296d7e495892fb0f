import SearchRules

/// One naming tradition: given names, surnames, how a display name is put together, and a Latin
/// spelling of every name for mail addresses. Entries are written `native/latin` when the native
/// spelling is not Latin; surnames with gendered forms are written `masculine~feminine`.
struct NameCulture: Sendable {
  enum Order: Sendable {
    /// "Given Surname" (most of the world).
    case givenFirst
    /// "Surname<separator>Given" (Chinese and Korean without a space, Japanese, Vietnamese and
    /// Hungarian with one).
    case surnameFirst(separator: String)
  }

  struct Name: Sendable {
    var native: String
    var latin: String
    /// `latin` reduced to a-z and 0-9, for mail names (computed once per table entry).
    var mailPart: String

    init(native: String, latin: String) {
      self.native = native
      self.latin = latin
      mailPart = TextFolding.asciiLetters(latin)
    }
  }

  let key: String
  let female: [Name]
  let male: [Name]
  /// Masculine and feminine forms (the same for most cultures).
  let surnames: [(masculine: Name, feminine: Name)]
  let order: Order
  /// Percent of people with only one name (givenName set, surname null).
  let mononymPercent: Int

  init(
    _ key: String, female: [String], male: [String], surnames: [String], order: Order = .givenFirst,
    mononymPercent: Int = 0
  ) {
    self.key = key
    self.female = female.map(NameCulture.name)
    self.male = male.map(NameCulture.name)
    self.surnames = surnames.map(NameCulture.gendered)
    self.order = order
    self.mononymPercent = mononymPercent
  }

  private static func name(_ entry: String) -> Name {
    let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
    return Name(native: parts[0], latin: parts.count > 1 ? parts[1] : parts[0])
  }

  private static func gendered(_ entry: String) -> (masculine: Name, feminine: Name) {
    let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
    let native = parts[0].split(separator: "~").map(String.init)
    let latin = (parts.count > 1 ? parts[1] : parts[0]).split(separator: "~").map(String.init)
    let masculine = Name(native: native[0], latin: latin[0])
    let feminine = Name(native: native.count > 1 ? native[1] : native[0], latin: latin.count > 1 ? latin[1] : latin[0])
    return (masculine, feminine)
  }

  /// Display name from the parts, in this culture's order.
  func displayName(given: String?, surname: String?) -> String {
    guard let given else { return surname ?? "" }
    guard let surname else { return given }
    switch order {
    case .givenFirst: return "\(given) \(surname)"
    case .surnameFirst(let separator): return "\(surname)\(separator)\(given)"
    }
  }
}
