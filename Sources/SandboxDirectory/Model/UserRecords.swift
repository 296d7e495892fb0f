import SearchRules

/// Folded text of every user for the properties people search by, in flat arrays (one slot per
/// user and indexed property) so 200,000 users cost no per-user allocations. For generated people
/// (a million, computed on request) nothing is kept: each query folds what it reads.
struct UserRecords: Sendable {
  /// The properties whose folded forms are kept; the rest are folded when a query needs them.
  static let indexedFields: [UserField] = [.displayName, .givenName, .surname, .mail, .userPrincipalName]
  private static let width = indexedFields.count

  private let users: DirectoryPeople
  /// False for generated people: the arrays are empty and every value is folded when read.
  private let kept: Bool
  private let caseFoldedValues: [String?]
  private let searchFoldedValues: [String?]
  /// `$search` tokens of each display name.
  private let nameTokenLists: [[String]]

  init(computing users: DirectoryPeople) {
    self.users = users
    kept = false
    caseFoldedValues = []
    searchFoldedValues = []
    nameTokenLists = []
  }

  init(_ users: [DirectoryUser]) {
    self.users = DirectoryPeople(.stored(users))
    kept = true
    var memo = FoldingMemo()
    var caseFolded: [String?] = []
    var searchFolded: [String?] = []
    var tokens: [[String]] = []
    caseFolded.reserveCapacity(users.count * UserRecords.width)
    searchFolded.reserveCapacity(users.count * UserRecords.width)
    tokens.reserveCapacity(users.count)
    for user in users {
      for field in UserRecords.indexedFields {
        if let value = field.string(of: user) {
          let folded = memo.folded(value)
          caseFolded.append(folded.caseFolded)
          searchFolded.append(folded.searchFolded)
        } else {
          caseFolded.append(nil)
          searchFolded.append(nil)
        }
      }
      tokens.append(user.displayName.map { memo.tokens($0) } ?? [])
    }
    caseFoldedValues = caseFolded
    searchFoldedValues = searchFolded
    nameTokenLists = tokens
  }

  /// The `$search` tokens of the display name of the user at `index`.
  func nameTokens(at index: Int) -> [String] {
    if kept { return nameTokenLists[index] }
    return users[index].displayName.map(NameTokenizer.indexTokens) ?? []
  }

  private static func slot(_ field: UserField) -> Int? {
    switch field {
    case .displayName: return 0
    case .givenName: return 1
    case .surname: return 2
    case .mail: return 3
    case .userPrincipalName: return 4
    default: return nil
    }
  }

  /// Lower-cased value for `$filter`, from the cache when the property is indexed.
  func caseFolded(_ field: UserField, at index: Int) -> String? {
    if kept, let slot = UserRecords.slot(field) { return caseFoldedValues[index * UserRecords.width + slot] }
    return field.string(of: users[index]).map(TextFolding.caseFolded)
  }

  /// Lower-cased, accent-free value for `$search`.
  func searchFolded(_ field: UserField, at index: Int) -> String? {
    if kept, let slot = UserRecords.slot(field) { return searchFoldedValues[index * UserRecords.width + slot] }
    return field.string(of: users[index]).map(TextFolding.searchFolded)
  }
}

/// Remembers the folded forms and tokens of strings already seen while building records.
struct FoldingMemo {
  private var folds: [String: (caseFolded: String, searchFolded: String)] = [:]
  private var tokenLists: [String: [String]] = [:]

  mutating func folded(_ text: String) -> (caseFolded: String, searchFolded: String) {
    switch TextFolding.asciiCase(text) {
    case .lowerASCII: return (text, text)
    case .otherASCII:
      let lower = text.lowercased()
      return (lower, lower)
    case .nonASCII: break
    }
    if let known = folds[text] { return known }
    let result = (TextFolding.caseFolded(text), TextFolding.searchFolded(text))
    folds[text] = result
    return result
  }

  mutating func tokens(_ name: String) -> [String] {
    if let known = tokenLists[name] { return known }
    let result = NameTokenizer.indexTokens(name)
    tokenLists[name] = result
    return result
  }
}
