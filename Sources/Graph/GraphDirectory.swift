import AppRuntime
import Foundation
import RosterCore
import SearchRules
import Transport

/// The live directory: people search with paging, and person details, over Microsoft Graph.
///
/// It holds the little state a session needs: whether the tenant refused advanced queries (then
/// every later search uses the `$filter` fallback without asking again), and for each page cursor
/// handed out, the headers and local word filter its following pages need — Graph does not carry
/// `ConsistencyLevel` over to `@odata.nextLink` requests by itself (protocol.md §4.5).
final class GraphDirectory: Sendable {
  /// What following a cursor needs besides its URL.
  struct CursorContext: Sendable {
    var headers: [Header]
    /// Words the server was not asked about, and the phrase that also counts as a match.
    var localWords: [String]
    var phrase: String?

    /// The text as typed: a person hidden from the address list is listed only when it is
    /// exactly their id, user name or mail.
    var typed = ""

    /// `people` who pass the local check for words Graph was not sent (`WordMatch`, as the index
    /// checks them), or for a `$filter`, whose display name starts with the typed phrase.
    func narrow(_ people: [Person]) -> [Person] {
      let rules = localWords.map(WordMatch.init)
      return people.filter { person in
        let fields = person.searchFields
        if rules.allSatisfy({ $0.matches(fields) }) { return true }
        guard let phrase else { return false }
        return WordMatch.value(person.displayName?.string, startsWith: phrase)
      }
    }
  }

  struct Header: Sendable, Equatable {
    var name: String
    var value: String
  }

  let configuration: GraphConfiguration
  let executor: GraphRequestExecutor
  private let advancedQueriesRefused = LockedValue(false)
  private let cursors = LockedValue(CursorMemory())

  init(configuration: GraphConfiguration, executor: GraphRequestExecutor) {
    self.configuration = configuration
    self.executor = executor
  }

  /// A directory over its own executor: what every live client (`DirectoryClient.live`,
  /// `RoomClient.live`, `HealthClient.live`, the change feeds) builds from the same four parts.
  convenience init(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    sleep: @escaping GraphRequestExecutor.Sleep
  ) {
    self.init(
      configuration: configuration,
      executor: GraphRequestExecutor(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
  }

  /// Whether this session has given up on `$search` (settings, or the tenant refused it).
  var usesFilter: Bool { configuration.searchMode == .filter || advancedQueriesRefused.current }

  func searchPeople(_ query: PeopleQuery, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> PeoplePage
  {
    if query.filters.contains(where: \.needsOrganisation) {
      return try await searchWithinOrganisation(query, onRetry: onRetry)
    }
    // An alias, other mail or employee id (`GraphDirectory+Identifiers`) finds its owner first.
    if query.filters.isEmpty, !TypedIdentifier.read(query.text).isEmpty {
      var words = query
      words.text = TypedIdentifier.wordsOf(query.text)
      let plain = words
      return try await withIdentifiers(
        query.text, words: { () async throws(DirectoryError) in try await self.searchWords(plain, onRetry: onRetry) },
        onRetry: onRetry)
    }
    return try await searchWords(query, onRetry: onRetry)
  }

  /// `$search` (or the `startswith` fallback) for the query's words and filters.
  private func searchWords(_ query: PeopleQuery, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> PeoplePage
  {
    guard !usesFilter else {
      return try await run(UserQuery(query, style: .filter), typed: query.text, onRetry: onRetry)
    }
    do throws(DirectoryError) {
      return try await run(UserQuery(query, style: .search), typed: query.text, onRetry: onRetry)
    } catch  where GraphFailure.isAdvancedQueryRefusal(error) {
      advancedQueriesRefused.withLock { $0 = true }
      return try await run(UserQuery(query, style: .filter), typed: query.text, onRetry: onRetry)
    }
  }

  /// The smallest read there is (`/me`, its id only), once, without retries: it leaves an open
  /// connection in the transport's pool and a fresh token in the cache for the first search.
  func warmUp() async {
    guard let url = URL(string: configuration.root + "/me?$select=id") else { return }
    _ = try? await executor.get(url, permission: "User.Read", retrying: false, priority: .low) { _ in }
  }

  func nextPage(_ cursor: PageCursor, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> PeoplePage
  {
    let url = try followableURL(cursor.nextLink)
    let context =
      cursors.withLock { $0.context(for: cursor.nextLink) }
      ?? CursorContext(
        headers: usesFilter ? [] : [Header(name: "ConsistencyLevel", value: "eventual")], localWords: [], phrase: nil)
    let response = try await executor.get(
      url, headers: context.headers.map { ($0.name, $0.value) }, permission: "User.ReadBasic.All", onRetry: onRetry)
    return page(try PeopleDecoding.page(from: response.body), context: context)
  }

  private func run(_ query: UserQuery, typed: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> PeoplePage
  {
    if let refusal = UserQuery.refusal(query.filters, style: query.style) { throw refusal }
    guard let url = query.url(root: configuration.root) else {
      throw .malformedResponse("Could not build a Graph URL from \(configuration.root).")
    }
    let response = try await executor.get(
      url, headers: query.headers, permission: "User.ReadBasic.All", onRetry: onRetry)
    let context = CursorContext(
      headers: query.headers.map { Header(name: $0.name, value: $0.value) }, localWords: query.localWords,
      phrase: query.phraseAlternative, typed: typed)
    return page(try PeopleDecoding.page(from: response.body), context: context)
  }

  /// Graph's page with what Graph cannot leave out itself taken out: words past the server's
  /// limit, and people hidden from the address list (`$filter=showInAddressList …` cannot: the
  /// property is null for most people, and Graph refuses it beside some `$search`es; see
  /// PROTOCOL.md). The count then counts only what is listed on this page.
  private func page(_ decoded: PeopleDecoding.Page, context: CursorContext) -> PeoplePage {
    let listed = decoded.people.filter { $0.isListed(answering: context.typed) }
    let people =
      context.localWords.isEmpty ? listed : context.narrow(listed)
    let hidden = decoded.people.count - listed.count
    var next: PageCursor?
    if let link = decoded.nextLink {
      cursors.withLock { $0.remember(link, context) }
      next = PageCursor(nextLink: link)
    }
    return PeoplePage(
      people: people, next: next, totalCount: context.localWords.isEmpty ? decoded.count.map { $0 - hidden } : nil)
  }

  /// A next link must point at the configured Graph origin: the bearer token goes with it.
  func followableURL(_ link: String) throws(DirectoryError) -> URL {
    guard let url = URL(string: link), url.scheme?.lowercased() == configuration.endpoint.scheme?.lowercased(),
      url.host?.lowercased() == configuration.endpoint.host?.lowercased(), url.port == configuration.endpoint.port
    else {
      throw .malformedResponse("Microsoft Graph sent a next-page link that does not point back to Graph.")
    }
    return url
  }
}

/// The contexts of recently issued cursors, oldest forgotten first so memory stays bounded.
struct CursorMemory: Sendable {
  static let capacity = 256
  private var contexts: [String: GraphDirectory.CursorContext] = [:]
  private var order: [String] = []

  mutating func remember(_ link: String, _ context: GraphDirectory.CursorContext) {
    if contexts.updateValue(context, forKey: link) == nil { order.append(link) }
    if order.count > Self.capacity { contexts[order.removeFirst()] = nil }
  }

  func context(for link: String) -> GraphDirectory.CursorContext? { contexts[link] }
}
