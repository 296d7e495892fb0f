import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Transport

/// The live Graph client signed in to a sandbox (`SandboxHarness`), with a recording sleep and
/// retry-notice log.
struct SandboxGraph {
  let harness: SandboxHarness
  let tokens: SandboxTokens
  let sleep = RecordingSleep()
  let notices = NoticeLog()
  let client: DirectoryClient

  var sandbox: RunningSandbox { harness.sandbox }

  /// Starts a sandbox (a generated organisation of `size`, or the people in `people`), signs in
  /// with `scope`, runs `body`, and stops the sandbox whatever happens. `transport` wraps the
  /// harness's live transport (e.g. to strip a header) for the Graph client.
  static func run<Result>(
    people: [[String: Any]]? = nil, size: Int = 200, directory: Directory? = nil,
    scope: String = "openid profile offline_access User.Read User.Read.All",
    searchMode: Settings.SearchMode = .search, transport: ((any HTTPTransport) -> any HTTPTransport)? = nil,
    requestTimeout: Duration = .seconds(10), clock: ManualClock? = nil,
    configure: (inout SandboxConfiguration) -> Void = { _ in },
    _ body: (SandboxGraph) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(
      people: people, clock: clock,
      configure: {
        $0.size = size
        $0.directory = directory
        configure(&$0)
      }
    ) { harness in
      let graph = try await SandboxGraph(
        harness: harness, scope: scope, searchMode: searchMode,
        transport: transport?(harness.transport) ?? harness.transport, requestTimeout: requestTimeout)
      return try await body(graph)
    }
  }

  private init(
    harness: SandboxHarness, scope: String, searchMode: Settings.SearchMode, transport: any HTTPTransport,
    requestTimeout: Duration
  ) async throws {
    self.harness = harness
    tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
    let retry = RetryPolicy(maxRetries: 3, random: { 0.5 })
    let configuration = try GraphConfiguration(
      endpoint: harness.sandbox.graphURL, searchMode: searchMode, retry: retry, requestTimeout: requestTimeout)
    client = .live(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep.function)
  }

  func search(_ text: String, pageSize: Int = 50) async throws -> PeoplePage {
    try await client.searchPeople(PeopleQuery(text: text, pageSize: pageSize), notices.callback)
  }

  /// Every person matching `text`, following all pages.
  func searchAll(_ text: String, pageSize: Int = 50) async throws -> [Person] {
    var page = try await search(text, pageSize: pageSize)
    var people = page.people
    while let cursor = page.next {
      page = try await client.nextPage(cursor, notices.callback)
      people += page.people
    }
    return people
  }
}

/// Passes requests on without `ConsistencyLevel`, like a tenant or proxy that does not honour
/// advanced queries: the sandbox then refuses `$search` as Graph does.
struct StripConsistencyLevel: HTTPTransport {
  let inner: any HTTPTransport
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var stripped = request
    stripped.headers.removeAll { $0.name.caseInsensitiveCompare("ConsistencyLevel") == .orderedSame }
    return try await inner.send(stripped)
  }
}
