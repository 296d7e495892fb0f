import AppRuntime
import Foundation
import RosterCore
import SearchRules
import Transport

/// The live group reads over Microsoft Graph: search, detail, members, memberships and the
/// nesting path. Requests go through the same executor as people's (token refresh, `Retry-After`,
/// bounded retries); next links are followed only back to the configured Graph origin.
///
/// Like `GraphDirectory`, it remembers for each next link it hands out what following it needs
/// (`ConsistencyLevel`, the words Graph was not sent), since Graph does not carry headers over.
final class GraphGroups: Sendable {
  /// What following a next link needs besides its URL.
  struct FollowContext: Sendable {
    enum Kind: Sendable { case groups, members }
    var kind: Kind
    var advanced: Bool
    /// Words past the server's limit: the groups on each page are narrowed by them locally.
    var localWords: [String] = []
  }

  let configuration: GraphConfiguration
  let executor: GraphRequestExecutor
  let people: GraphDirectory
  private let follows = LockedValue(FollowMemory())

  /// Reading groups needs this (least privileged, Graph's permission tables).
  static let permission = GroupPermissionNeed.readGroups.permission
  static let consistency: [(name: String, value: String)] = [("ConsistencyLevel", "eventual")]

  init(configuration: GraphConfiguration, executor: GraphRequestExecutor) {
    self.configuration = configuration
    self.executor = executor
    self.people = GraphDirectory(configuration: configuration, executor: executor)
  }

  // MARK: - Requests

  /// GET with the group permission named on a 403, turned into the need the UI explains.
  func get(
    _ pathAndQuery: String, advanced: Bool, onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async throws(DirectoryError) -> Data {
    try await get(try people.url(pathAndQuery), advanced: advanced, onRetry: onRetry)
  }

  func get(_ url: URL, advanced: Bool, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> Data
  {
    do {
      return try await executor.get(
        url, headers: advanced ? Self.consistency : [], permission: Self.permission, onRetry: onRetry
      ).body
    } catch .permissionDenied(let message) {
      throw Self.need(forDenial: message).error
    }
  }

  /// Which permission a 403 on a group read means: hidden membership when Graph's message names
  /// `Member.Read.Hidden`, else the group permission.
  static func need(forDenial message: String) -> GroupPermissionNeed {
    message.contains(GroupPermissionNeed.readHiddenMembership.permission) ? .readHiddenMembership : .readGroups
  }

  /// `$count` of a collection (`…/members/$count`), nil when Graph would not count it: a count is
  /// a courtesy, never a reason to fail the list.
  func count(_ path: String, onRetry: @escaping @Sendable (RetryNotice) -> Void) async -> Int? {
    guard let body = try? await get(path + "/$count", advanced: true, onRetry: onRetry) else { return nil }
    return Int(String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  func remember(_ link: String?, _ context: FollowContext) -> PageCursor? {
    guard let link else { return nil }
    follows.withLock { $0.remember(link, context) }
    return PageCursor(nextLink: link)
  }

  func context(for cursor: PageCursor) -> FollowContext? {
    follows.withLock { $0.context(for: cursor.nextLink) }
  }

  /// `/groups/{id}`, percent-encoded (an id from the command line may hold anything).
  static func groupPath(_ id: String) -> String { "/groups/" + PercentEncoding.encode(id) }

  static func query(_ options: [(name: String, value: String)]) -> String {
    "?" + ODataText.queryString(options)
  }
}

/// The contexts of recently issued next links, oldest forgotten first.
struct FollowMemory: Sendable {
  static let capacity = 256
  private var contexts: [String: GraphGroups.FollowContext] = [:]
  private var order: [String] = []

  mutating func remember(_ link: String, _ context: GraphGroups.FollowContext) {
    if contexts.updateValue(context, forKey: link) == nil { order.append(link) }
    if order.count > Self.capacity { contexts[order.removeFirst()] = nil }
  }

  func context(for link: String) -> GraphGroups.FollowContext? { contexts[link] }
}
