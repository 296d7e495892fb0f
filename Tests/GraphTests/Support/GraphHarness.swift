import Foundation
import Graph
import RosterCore
import TestSupport
import Transport

/// A live `DirectoryClient` wired to a scripted transport, fake tokens and a recording sleep.
struct GraphHarness {
  static let endpoint = URL(string: "https://graph.example.test")!

  let transport: FakeTransport
  let tokens: FakeTokens
  let sleep: RecordingSleep
  let notices = NoticeLog()
  let client: DirectoryClient

  init(
    _ steps: [FakeTransport.Step], searchMode: Settings.SearchMode = .search, maxRetries: Int = 3,
    tenantId: String? = nil, tokens: FakeTokens = FakeTokens(), sleep: RecordingSleep = RecordingSleep(),
    fallback: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil
  ) throws {
    transport = FakeTransport(script: steps, fallback: fallback)
    self.tokens = tokens
    self.sleep = sleep
    let retry = RetryPolicy(
      maxRetries: maxRetries, random: { 0.5 }, now: { Date(timeIntervalSince1970: 1_700_000_000) })
    let configuration = try GraphConfiguration(
      endpoint: Self.endpoint, searchMode: searchMode, retry: retry, tenantId: tenantId)
    client = .live(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep.function)
  }

  func search(_ text: String, pageSize: Int = 25) async throws -> PeoplePage {
    try await client.searchPeople(PeopleQuery(text: text, pageSize: pageSize), notices.callback)
  }

  /// The error a search throws, or nil when it succeeded.
  func searchError(_ text: String) async -> DirectoryError? {
    do {
      _ = try await search(text)
      return nil
    } catch let error as DirectoryError {
      return error
    } catch {
      return .malformedResponse("unexpected error type \(type(of: error))")
    }
  }

  /// Decoded query options of the n-th request (`$search`, `$filter`, …).
  func options(ofRequest index: Int) -> [String: String] {
    let request = transport.requests[index]
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
  }
}
