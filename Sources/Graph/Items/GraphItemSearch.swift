import AppRuntime
import Foundation
import RosterCore
import SearchRules

/// The live search of a kind searched page by page (devices, apps, enterprise apps):
/// `$search` on `displayName` with `$count` and `ConsistencyLevel: eventual`, page by page over
/// next links followed only back to the configured Graph origin. What following a link needs is
/// remembered as for groups (`FollowMemory`: the header, the words Graph was not sent), since Graph
/// carries neither over. A kind is its collection, its fields, its schema, its permission and its
/// decoder; the rest is written once here.
final class GraphItemSearch<Item: SearchableItem>: Sendable {
  /// A decoded page: the kind's items, the next link, `@odata.count`.
  typealias Decoded = (items: [Item], nextLink: String?, count: Int?)

  struct Kind: Sendable {
    /// `/devices`, `/applications`.
    var collection: String
    var fields: [String]
    var schema: SearchSchema
    /// What a 403 names: the least privileged permission that lists the kind.
    var permission: String
    var decode: @Sendable (Data) throws(DirectoryError) -> Decoded
  }

  let directory: GraphDirectory
  let kind: Kind
  private let follows = LockedValue(FollowMemory())

  init(directory: GraphDirectory, kind: Kind) {
    self.directory = directory
    self.kind = kind
  }

  /// `GET <collection>?$search="displayName:…"&$count=true`: the words as a group search's
  /// (`QueryWords`, `ODataText.searchExpression`: a clause a word, AND-ed; words past the
  /// server's limit checked locally). With `$search` refused by the settings, the display name's
  /// `startswith` the phrase.
  func search(_ query: ItemQuery, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> ItemPage<Item>
  {
    let words = QueryWords(query.text, style: .search)
    let expression = ODataText.searchExpression(words.server, schema: kind.schema)
    guard !expression.isEmpty else { return ItemPage([]) }
    let top = ("$top", String(min(max(query.pageSize, 1), 999)))
    let select = ("$select", kind.fields.joined(separator: ","))
    let context: GraphGroups.FollowContext
    let options: [(name: String, value: String)]
    if directory.usesFilter {
      let phrase = ODataText.filterLiteral(QueryWords.phrase(query.text))
      options = [("$filter", "startswith(displayName,\(phrase))"), select, top]
      context = GraphGroups.FollowContext(kind: .groups, advanced: false)
    } else {
      options = [("$search", expression), ("$count", "true"), select, top]
      context = GraphGroups.FollowContext(kind: .groups, advanced: true, localWords: words.local)
    }
    let url = try directory.url(kind.collection + "?" + ODataText.queryString(options))
    return page(try kind.decode(try await get(url, advanced: context.advanced, onRetry)), context)
  }

  /// The page after `cursor`.
  func next(_ cursor: PageCursor) async throws(DirectoryError) -> ItemPage<Item> {
    let context =
      follows.withLock { $0.context(for: cursor.nextLink) } ?? GraphGroups.FollowContext(kind: .groups, advanced: true)
    let body = try await get(try directory.followableURL(cursor.nextLink), advanced: context.advanced) { _ in }
    return page(try kind.decode(body), context)
  }

  /// `advanced`: with `ConsistencyLevel: eventual`, which `$search` and `$count` need.
  func get(_ url: URL, advanced: Bool, _ onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> Data
  {
    try await directory.executor.get(
      url, headers: advanced ? GraphGroups.consistency : [], permission: kind.permission, onRetry: onRetry
    ).body
  }

  /// `path` read with no header, the kind's permission named on a refusal.
  func get(_ path: String) async throws(DirectoryError) -> Data {
    try await get(try directory.url(path), advanced: false) { _ in }
  }

  /// The items of a decoded page, narrowed by the words Graph was not sent; the count only when
  /// nothing was narrowed (it counts Graph's answer).
  private func page(_ decoded: Decoded, _ context: GraphGroups.FollowContext) -> ItemPage<Item> {
    var items = decoded.items
    if !context.localWords.isEmpty {
      let rules = context.localWords.map(WordMatch.init)
      items = items.filter { item in rules.allSatisfy { $0.matches(item.searchFields) } }
    }
    var next: PageCursor?
    if let link = decoded.nextLink {
      follows.withLock { $0.remember(link, context) }
      next = PageCursor(nextLink: link)
    }
    return ItemPage(items, next: next, totalCount: context.localWords.isEmpty ? decoded.count : nil)
  }
}

/// A read's ending as the `Result` its payload carries.
func outcome<Value>(_ read: () async throws(DirectoryError) -> Value) async -> Result<Value, DirectoryError> {
  do {
    return .success(try await read())
  } catch {
    return .failure(error)
  }
}
