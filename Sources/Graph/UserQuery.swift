import Foundation
import RosterCore
import SearchRules

/// Builds the `GET /users` request for a people search: `$search` (advanced query) or the
/// `startswith` `$filter` fallback, with `$select`, `$top` and, for `$search`, `$count`.
///
/// Several words mean "all of these words, in any order" ("smith jo" finds Jo Smith). Each word
/// becomes a group of clauses OR-ed across the name and address properties, and the groups are
/// AND-ed — `$search` allows parentheses with upper-case `AND`/`OR`, `$filter` allows nested
/// `and`/`or`. To keep a `$filter` within what Graph evaluates cheaply, only its first
/// `QueryStyle.filter.serverWordLimit` words go to the server; the rest are checked locally
/// (`localWords`). The rules of which words and which properties are `SearchRules`'; this type
/// only writes them as OData.
///
/// `startswith` matches whole property values, not words, so a `$filter` for several words also
/// accepts a display name that starts with the typed text as a phrase: "mary ann" finds
/// "Mary Ann Smith" whose given name is "Mary Ann" (`$search` needs no such help: it matches
/// display-name tokens).
struct UserQuery: Sendable, Equatable {
  typealias Style = QueryStyle

  /// What a result row shows, plus what local word matching needs, plus `showInAddressList`
  /// (people hidden from the address list are left out of results: `Person+AddressList`).
  static let listFields = [
    "id", "displayName", "givenName", "surname", "mail", "userPrincipalName", "jobTitle", "department",
    "showInAddressList",
  ]
  /// Every field of `Person`, for the detail view.
  static let detailFields =
    listFields + [
      "companyName", "officeLocation", "businessPhones", "mobilePhone", "userType", "accountEnabled", "city",
      "country", "proxyAddresses", "otherMails", "employeeId",
    ]

  var style: Style
  /// The words of the query (`QueryWords`): those the server is asked about, and those it is
  /// not (past `Style.serverWordLimit`), by which results must be narrowed locally.
  var words: QueryWords
  /// The words as typed, single-spaced and cut (`QueryWords.phrase`): the `$filter` phrase alternative.
  var phrase: String
  var pageSize: Int
  /// `dept:` … beside the words (`UserQuery+Filters`), AND-ed with them; the caller has checked
  /// with `refusal(_:style:)` that Graph can say each of them in this style.
  var filters: [PersonFilter]
  /// Properties asked for beside `listFields` (`roster search --columns`).
  var extraFields: [String]

  init(_ query: PeopleQuery, style: Style) {
    self.filters = query.filters
    self.extraFields = query.fields
    self.style = style
    self.words = QueryWords(query.text, style: style)
    self.phrase = QueryWords.phrase(query.text)
    self.pageSize = min(max(query.pageSize, 1), 999)
  }

  /// Words the server is asked about.
  var serverWords: [String] { words.server }

  /// Words the server was not asked about; results must be narrowed by them locally.
  var localWords: [String] { words.local }

  /// `("displayName:jo" OR "givenName:jo" …) AND (…)`, already escaped, not yet percent-encoded.
  /// Which properties a word is looked for in is `SearchSchema.properties(for:)`.
  var searchExpression: String { ODataText.searchExpression(serverWords, schema: .people) }

  /// `(startswith(displayName,'jo') or …) and (…)`, plus for several words
  /// `or startswith(displayName,'<phrase>')`; already escaped, not yet percent-encoded.
  var filterExpression: String {
    let words = group(
      serverWords.map { word in
        let literal = ODataText.filterLiteral(word)
        return SearchSchema.people.properties.map { "startswith(\($0.name),\(literal))" }.joined(separator: " or ")
      }, with: " and ")
    guard let phrase = phraseAlternative else { return words }
    return "(\(words)) or startswith(displayName,\(ODataText.filterLiteral(phrase)))"
  }

  /// The display-name phrase a `$filter` also accepts; nil for one word or for `$search`.
  var phraseAlternative: String? { style == .filter && words.all.count > 1 ? phrase : nil }

  private func group(_ clauses: [String], with separator: String) -> String {
    clauses.count == 1 ? clauses[0] : clauses.map { "(\($0))" }.joined(separator: separator)
  }

  /// Query options in the order they are sent; values raw (the caller percent-encodes).
  var options: [(name: String, value: String)] {
    var options: [(name: String, value: String)] = []
    switch style {
    case .search:
      if !serverWords.isEmpty { options.append(("$search", searchExpression)) }
      if let filtersExpression { options.append(("$filter", filtersExpression)) }
      if isAdvanced { options.append(("$count", "true")) }
    case .filter:
      let clauses = (serverWords.isEmpty ? [] : [filterExpression]) + (filtersExpression.map { [$0] } ?? [])
      if !clauses.isEmpty { options.append(("$filter", group(clauses, with: " and "))) }
    }
    let select = filters.isEmpty && extraFields.isEmpty ? Self.listFields : selectedFields
    options.append(("$select", select.joined(separator: ",")))
    options.append(("$top", String(pageSize)))
    return options
  }

  /// Headers the request and every following page need: `$search` is an advanced query.
  var headers: [(name: String, value: String)] {
    isAdvanced ? [("ConsistencyLevel", "eventual")] : []
  }

  func url(root: String) -> URL? {
    URL(string: root + "/users?" + ODataText.queryString(options))
  }
}
