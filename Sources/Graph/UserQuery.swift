import Foundation
import RosterCore

/// Builds the `GET /users` request for a people search: `$search` (advanced query) or the
/// `startswith` `$filter` fallback, with `$select`, `$top` and, for `$search`, `$count`.
///
/// Several words mean "all of these words, in any order" ("smith jo" finds Jo Smith). Each word
/// becomes a group of clauses OR-ed across the name and address properties, and the groups are
/// AND-ed — `$search` allows parentheses with upper-case `AND`/`OR`, `$filter` allows nested
/// `and`/`or`. To keep a `$filter` within what Graph evaluates cheaply, only its first
/// `maxFilterWords` words go to the server; the rest are checked locally (`localWords`).
///
/// `startswith` matches whole property values, not words, so a `$filter` for several words also
/// accepts a display name that starts with the typed text as a phrase: "mary ann" finds
/// "Mary Ann Smith" whose given name is "Mary Ann" (`$search` needs no such help: it matches
/// display-name tokens).
struct UserQuery: Sendable, Equatable {
  enum Style: Sendable, Equatable { case search, filter }

  /// Properties one word is looked for in.
  static let searchedProperties = ["displayName", "givenName", "surname", "mail", "userPrincipalName"]
  /// What a result row shows, plus what local word matching needs, plus `showInAddressList`
  /// (people hidden from the address list are left out of results: `Person+AddressList`).
  static let listFields = [
    "id", "displayName", "givenName", "surname", "mail", "userPrincipalName", "jobTitle", "department",
    "showInAddressList",
  ]
  /// Every field of `Person`, for the detail view.
  static let detailFields =
    listFields + [
      "companyName", "officeLocation", "businessPhones", "mobilePhone", "userType", "accountEnabled",
    ]
  /// No directory string property is longer than 256 characters (displayName's limit), so a
  /// longer word cannot be a prefix of anything and is cut, keeping URLs bounded.
  static let maxWordLength = 256
  static let maxSearchWords = 8
  static let maxFilterWords = 3

  var style: Style
  /// The words of the query: whitespace-separated, words of symbols only dropped when another
  /// word remains (`PeopleMatcher.significantWords`), duplicates (ignoring case) dropped, each cut
  /// to `maxWordLength` characters.
  var words: [String]
  /// The words as typed, single-spaced and cut to `maxWordLength`: the `$filter` phrase alternative.
  var phrase: String
  var pageSize: Int

  init(_ query: PeopleQuery, style: Style) {
    self.style = style
    self.words = Self.words(in: query.text)
    self.phrase = String(
      query.text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").prefix(Self.maxWordLength))
    self.pageSize = min(max(query.pageSize, 1), 999)
  }

  static func words(in text: String) -> [String] {
    var seen = Set<String>()
    var words: [String] = []
    for piece in PeopleMatcher.significantWords(text.split(whereSeparator: { $0.isWhitespace })) {
      let word = String(piece.prefix(maxWordLength))
      if seen.insert(word.lowercased()).inserted { words.append(word) }
    }
    return words
  }

  /// Words the server is asked about.
  var serverWords: [String] {
    Array(words.prefix(style == .search ? Self.maxSearchWords : Self.maxFilterWords))
  }

  /// Words the server was not asked about; results must be narrowed by them locally.
  var localWords: [String] { Array(words.dropFirst(serverWords.count)) }

  /// `("displayName:jo" OR "givenName:jo" …) AND (…)`, already escaped, not yet percent-encoded.
  var searchExpression: String {
    group(
      serverWords.map { word in
        Self.searchProperties(for: word).map { ODataText.searchClause(property: $0, text: word) }.joined(
          separator: " OR ")
      }, with: " AND ")
  }

  /// Graph tokenizes `displayName` on symbols and spaces, so a word of symbols or emoji alone
  /// (`%`, `&`, `🙂`) leaves no token and a `displayName:` clause with it would match everyone.
  /// Such a word is looked for only where Graph matches by prefix (names, mail, UPN).
  static func searchProperties(for word: String) -> [String] {
    let hasToken = word.contains { $0.isLetter || $0.isNumber }
    return hasToken ? searchedProperties : searchedProperties.filter { $0 != "displayName" }
  }

  /// `(startswith(displayName,'jo') or …) and (…)`, plus for several words
  /// `or startswith(displayName,'<phrase>')`; already escaped, not yet percent-encoded.
  var filterExpression: String {
    let words = group(
      serverWords.map { word in
        let literal = ODataText.filterLiteral(word)
        return Self.searchedProperties.map { "startswith(\($0),\(literal))" }.joined(separator: " or ")
      }, with: " and ")
    guard let phrase = phraseAlternative else { return words }
    return "(\(words)) or startswith(displayName,\(ODataText.filterLiteral(phrase)))"
  }

  /// The display-name phrase a `$filter` also accepts; nil for one word or for `$search`.
  var phraseAlternative: String? { style == .filter && words.count > 1 ? phrase : nil }

  private func group(_ clauses: [String], with separator: String) -> String {
    clauses.count == 1 ? clauses[0] : clauses.map { "(\($0))" }.joined(separator: separator)
  }

  /// Query options in the order they are sent; values raw (the caller percent-encodes).
  var options: [(name: String, value: String)] {
    var options: [(name: String, value: String)] = []
    if !serverWords.isEmpty {
      switch style {
      case .search:
        options.append(("$search", searchExpression))
        options.append(("$count", "true"))
      case .filter:
        options.append(("$filter", filterExpression))
      }
    }
    options.append(("$select", Self.listFields.joined(separator: ",")))
    options.append(("$top", String(pageSize)))
    return options
  }

  /// Headers the request and every following page need: `$search` is an advanced query.
  var headers: [(name: String, value: String)] {
    style == .search && !serverWords.isEmpty ? [("ConsistencyLevel", "eventual")] : []
  }

  func url(root: String) -> URL? {
    URL(string: root + "/users?" + ODataText.queryString(options))
  }
}
