import Foundation
import Graph
import RosterCore
import Sandbox
import SandboxDirectory
import TestSupport
import Testing

/// `WorksWithClient.live` against the sandbox's `/me/people`: directory users only, in Graph's
/// order, every page followed up to the limit with `$top` always sent (without it Graph's link
/// points back at the same page), and People.Read or the explanation.
@Suite struct WorksWithClientSandboxTests {
  static let scope = "openid profile offline_access User.Read User.ReadBasic.All \(WorksWithClient.permission)"

  static func withClient<Result>(
    scope: String = scope, pageSize: Int = WorksWithClient.graphPageSize, maxPeople: Int = WorksWithClient.maxPeople,
    _ body: (WorksWithClient, SandboxHarness) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with(configure: { $0.size = 400 }) { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
      let client = WorksWithClient.live(
        configuration: configuration, tokens: tokens, transport: harness.transport, pageSize: pageSize,
        maxPeople: maxPeople)
      return try await body(client, harness)
    }
  }

  /// The sandbox's list for its default user, directory users only.
  static func expected() -> [String] {
    let directory = Directory.generated(seed: 1, size: 400)
    return directory.peopleWorkingWith(directory.defaultUser).map(\.id)
  }

  @Test func theDirectoryUsersComeInGraphsOrderEveryPageFollowed() async throws {
    try await Self.withClient(pageSize: 3, maxPeople: 8) { client, harness in
      try await harness.clearRequests()
      let ids = try await client.read()
      let expected = Self.expected()
      #expect(expected.count > 8)
      #expect(ids == Array(expected.prefix(8)))
      let logged = try await harness.requests(pathPrefix: "/v1.0/me/people")
      // 8 at 3 a page: three requests, each with $top and the filter that leaves out contacts and groups.
      #expect(logged.count == 3)
      #expect(logged.allSatisfy { $0.query["$top"] == "3" })
      #expect(logged.first?.query["$filter"]?.contains("OrganizationUser") == true)
    }
  }

  @Test func aListShorterThanTheLimitEndsWithItsLastPage() async throws {
    try await Self.withClient(pageSize: 4) { client, harness in
      try await harness.clearRequests()
      let ids = try await client.read()
      let expected = Self.expected()
      #expect(ids == expected)
      #expect(try await harness.requests(pathPrefix: "/v1.0/me/people").count == (expected.count + 3) / 4)
    }
  }

  @Test func withoutPeopleReadTheRefusalNamesThePermission() async throws {
    try await Self.withClient(scope: "openid profile offline_access User.Read User.ReadBasic.All") { client, _ in
      await #expect(throws: DirectoryError.permissionDenied(WorksWithClient.permissionExplanation)) {
        _ = try await client.read()
      }
    }
  }
}
