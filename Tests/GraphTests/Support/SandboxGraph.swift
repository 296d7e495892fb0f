import Foundation
import Graph
import RosterCore
import Sandbox
import Transport

/// An in-process sandbox tenant plus a live Graph client signed in to it.
struct SandboxHarness {
  let sandbox: RunningSandbox
  let tokens: SandboxTokens
  let control: SandboxControl
  let sleep = RecordingSleep()
  let notices = NoticeLog()
  let client: DirectoryClient

  /// Starts a sandbox (a generated organisation of `size`, or the people in `people`), signs in
  /// with `scope`, runs `body`, and stops the sandbox whatever happens.
  static func run<Result>(
    people: [[String: Any]]? = nil, size: Int = 200, scope: String = "openid profile offline_access User.Read User.Read.All",
    searchMode: Settings.SearchMode = .search, transport: (any HTTPTransport)? = nil,
    requestTimeout: Duration = .seconds(10),
    _ body: (SandboxHarness) async throws -> Result
  ) async throws -> Result {
    var configuration = SandboxConfiguration()
    configuration.size = size
    var peopleFile: URL?
    if let people {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("roster-graph-people-\(UUID().uuidString).json")
      try JSONSerialization.data(withJSONObject: people).write(to: url)
      configuration.peopleFile = url
      peopleFile = url
    }
    defer { if let peopleFile { try? FileManager.default.removeItem(at: peopleFile) } }
    let sandbox = try await SandboxServer.start(configuration)
    do {
      let harness = try await SandboxHarness(
        sandbox: sandbox, scope: scope, searchMode: searchMode, transport: transport ?? SharedTransport.live,
        requestTimeout: requestTimeout)
      let result = try await body(harness)
      await sandbox.stop()
      return result
    } catch {
      await sandbox.stop()
      throw error
    }
  }

  private init(
    sandbox: RunningSandbox, scope: String, searchMode: Settings.SearchMode, transport: any HTTPTransport,
    requestTimeout: Duration
  ) async throws {
    self.sandbox = sandbox
    tokens = try await SandboxTokens.signIn(sandbox, scope: scope)
    control = SandboxControl(sandbox: sandbox)
    let retry = RetryPolicy(maxRetries: 3, random: { 0.5 })
    let configuration = try GraphConfiguration(
      endpoint: sandbox.graphURL, searchMode: searchMode, retry: retry, requestTimeout: requestTimeout)
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
