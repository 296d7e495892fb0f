import Foundation
import RosterCore
import SearchRules

extension GraphGroups {
  /// `GET /groups?$search=…&$count=true` with `ConsistencyLevel: eventual`: the words as people's
  /// are (`QueryWords`: at most eight to the server, the rest checked locally with `WordMatch`),
  /// each looked for in `SearchSchema.groups`' properties, escaped by `ODataText`. A word no
  /// group property can match (symbols only) is sent nowhere; a query of only such words finds
  /// no group without asking. With `$search` refused (settings, or the tenant), the display name's
  /// `startswith` the typed phrase.
  func searchGroups(_ query: GroupQuery, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> GroupPage
  {
    let words = QueryWords(query.text, style: .search)
    let expression = ODataText.searchExpression(words.server, schema: .groups)
    guard !expression.isEmpty else { return GroupPage(groups: []) }
    let top = String(min(max(query.pageSize, 1), 999))
    let select = ("$select", GroupDecoding.fields.joined(separator: ","))
    if people.usesFilter {
      let phrase = ODataText.filterLiteral(QueryWords.phrase(query.text))
      let options = [("$filter", "startswith(displayName,\(phrase))"), select, ("$top", top)]
      let body = try await get("/groups" + Self.query(options), advanced: false, onRetry: onRetry)
      return page(try GroupDecoding.page(from: body, assumed: .group), FollowContext(kind: .groups, advanced: false))
    }
    let options = [("$search", expression), ("$count", "true"), select, ("$top", top)]
    let body = try await get("/groups" + Self.query(options), advanced: true, onRetry: onRetry)
    let context = FollowContext(kind: .groups, advanced: true, localWords: words.local)
    return page(try GroupDecoding.page(from: body, assumed: .group), context)
  }

  /// The page after `cursor`, of a search or of a person's groups.
  func nextGroups(_ cursor: PageCursor, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> GroupPage
  {
    let context = context(for: cursor) ?? FollowContext(kind: .groups, advanced: true)
    let body = try await get(try people.followableURL(cursor.nextLink), advanced: context.advanced, onRetry: onRetry)
    return page(try GroupDecoding.page(from: body, assumed: .group), context)
  }

  /// Groups of a decoded page, narrowed by the words Graph was not sent; the count only when
  /// nothing was narrowed (it counts Graph's answer). An object Graph would not describe
  /// (only `id` and type: the token may not read groups) is a group known by its id alone.
  func page(_ decoded: GroupDecoding.Page, _ context: FollowContext) -> GroupPage {
    var groups = decoded.objects.map { object -> Group in
      switch object {
      case .group(let group): return group
      case .person(let person): return Group(id: person.id, displayName: person.displayName)
      case .undescribed(let other): return Group(id: other.id, displayName: other.displayName)
      }
    }
    if !context.localWords.isEmpty {
      let rules = context.localWords.map(WordMatch.init)
      groups = groups.filter { group in rules.allSatisfy { $0.matches(group.searchFields) } }
    }
    return GroupPage(
      groups: groups, next: remember(decoded.nextLink, context),
      totalCount: context.localWords.isEmpty ? decoded.count : nil)
  }
}
