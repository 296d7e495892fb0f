import SearchRules

/// What a `$search` or `$filter` predicate reads of one user: the user and their folded text.
/// Stored directories answer from `UserRecords`' tables; a scan over computed people makes each
/// person once and folds what the predicate asks for (`ComputedUserFacts`). What `$filter` reads
/// is in `UserFilterField.swift`.
protocol UserFacts: FilterRecord where Field == UserFilterField {
  var user: DirectoryUser { get }
  func caseFolded(_ field: UserField) -> String?
  func searchFolded(_ field: UserField) -> String?
  var nameTokens: [String] { get }
}

/// A user of a stored directory, read from its precomputed tables.
struct StoredUserFacts: UserFacts {
  let storage: DirectoryStorage
  let index: Int

  var user: DirectoryUser { storage.users[index] }
  func caseFolded(_ field: UserField) -> String? { storage.records.caseFolded(field, at: index) }
  func searchFolded(_ field: UserField) -> String? { storage.records.searchFolded(field, at: index) }
  var nameTokens: [String] { storage.records.nameTokens(at: index) }
}

/// A computed person, made once for all the predicate's clauses. Display-name tokens come from a
/// memo the scan keeps (names repeat: a million people share far fewer names).
struct ComputedUserFacts: UserFacts {
  let user: DirectoryUser
  let nameTokens: [String]

  init(_ user: DirectoryUser, memo: inout FoldingMemo) {
    self.user = user
    nameTokens = user.displayName.map { memo.tokens($0) } ?? []
  }

  func caseFolded(_ field: UserField) -> String? { field.string(of: user).map(TextFolding.caseFolded) }
  func searchFolded(_ field: UserField) -> String? { field.string(of: user).map(TextFolding.searchFolded) }
}
