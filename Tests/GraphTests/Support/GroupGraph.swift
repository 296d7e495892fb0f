import Foundation
import Graph
import Index
import RosterCore
import Sandbox
import TestSupport
import Transport

/// The live group client signed in to a sandbox with groups: `GroupOrganisation`'s people file,
/// or the generated organisation of `size` (its demo groups, "All Company" of up to 20,000).
struct GroupGraph {
  let harness: SandboxHarness
  let tokens: SandboxTokens
  let groups: GroupClient
  let people: DirectoryClient
  let configuration: GraphConfiguration
  let notices = NoticeLog()
  let scope: String

  static func run<Result>(
    generated size: Int? = nil, scope: String = GroupOrganisation.groupScopes,
    _ body: (GroupGraph) async throws -> Result
  ) async throws -> Result {
    if let size {
      return try await SandboxHarness.with(configure: { $0.size = size }) { harness in
        try await body(try await GroupGraph(harness, scope: scope))
      }
    }
    return try await GroupOrganisation.withSandbox { harness in
      try await body(try await GroupGraph(harness, scope: scope))
    }
  }

  init(_ harness: SandboxHarness, scope: String) async throws {
    self.harness = harness
    self.scope = scope
    tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
    configuration = try GraphConfiguration(
      endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
    groups = .live(configuration: configuration, tokens: tokens, transport: harness.transport) { _ in }
    people = .live(configuration: configuration, tokens: tokens, transport: harness.transport) { _ in }
  }

  func search(_ text: String, pageSize: Int = 999) async throws -> [Group] {
    var page = try await groups.searchGroups(GroupQuery(text: text, pageSize: pageSize), notices.callback)
    var found = page.groups
    while let cursor = page.next {
      page = try await groups.nextGroups(cursor, notices.callback)
      found += page.groups
    }
    return found
  }

  func group(_ key: String) async throws -> Group {
    try await groups.groupDetail(key, notices.callback).group
  }

  /// Every member, following all pages.
  func allMembers(_ groupID: String, transitive: Bool, pageSize: Int = 999) async throws -> (
    members: [DirectoryObject], first: MemberPage
  ) {
    let first = try await groups.members(
      MembersQuery(groupID: groupID, transitive: transitive, pageSize: pageSize), notices.callback)
    var page = first
    var members = page.members
    while let cursor = page.next {
      page = try await groups.nextMembers(cursor, notices.callback)
      members += page.members
    }
    return (members, first)
  }

  /// A local index of this sandbox, synced with groups (the caller removes `directory`).
  func syncedIndex(in directory: URL, pageSize: Int? = nil, forceGroups: Bool = false) async throws -> DirectoryIndex {
    let location = IndexLocation(directory: directory, tenantId: harness.sandbox.tenantId, accountId: "tester")
    let index = try DirectoryIndex.open(location)
    _ = try await sync(index, pageSize: pageSize, forceGroups: forceGroups)
    return index
  }

  /// One sync round of `index`, people and groups; groups kept only with a token that reads them.
  /// `forceGroups` asks Graph for groups whatever the token says (Graph then answers 403).
  func sync(_ index: DirectoryIndex, pageSize: Int? = nil, forceGroups: Bool = false) async throws -> IndexSyncOutcome {
    let feed = DeltaFeed.live(configuration: configuration, tokens: tokens, transport: harness.transport)
    let groupFeed = GroupDeltaFeed.live(
      configuration: configuration, tokens: tokens, transport: harness.transport, pageSize: pageSize)
    let account = Account(
      homeAccountId: "tester", username: "tester", tenantId: CleanText(harness.sandbox.tenantId), authority: "",
      grantedScopes: scope.split(separator: " ").map(String.init))
    return try await IndexSync(
      index: index, feed: feed,
      groups: forceGroups ? .sync(groupFeed) : GroupSyncMode(account: account, feed: groupFeed)
    ).run()
  }
}
