import Foundation
import RosterCore
import Transport

/// What to list: the roles whose names are known (for display), which of them to narrow to (nil:
/// every role), and one principal to narrow to (`roster show --roles`).
public struct RoleQuery: Sendable, Equatable {
  public var known: [RoleDefinition]
  public var only: [String]?
  public var principalId: String?

  public init(known: [RoleDefinition], only: [String]? = nil, principalId: String? = nil) {
    self.known = known
    self.only = only
    self.principalId = principalId
  }
}

/// Directory roles (`roster roles`): a struct of closures like the other clients, so commands and
/// tests can replace it.
public struct RolesClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void
  /// The tenant's role definitions, by display name.
  public var definitions: @Sendable (_ onRetry: @escaping OnRetry) async throws -> [RoleDefinition]
  /// Who holds the roles `query` names, and how; each part that fails is said, not thrown.
  public var holdings: @Sendable (_ query: RoleQuery, _ onRetry: @escaping OnRetry) async -> RoleListing

  public init(
    definitions: @escaping @Sendable (@escaping OnRetry) async throws -> [RoleDefinition],
    holdings: @escaping @Sendable (RoleQuery, @escaping OnRetry) async -> RoleListing
  ) {
    self.definitions = definitions
    self.holdings = holdings
  }

  /// Pages read per list: a tenant with 100,000 role holders is not asking this question.
  public static let maxPages = 100

  /// Permissions the command reads with, in the words its refusals use.
  public static let permissions = [
    GraphRoles.assignmentsPermission, GraphRoles.eligibilityPermission, GraphRoles.membersPermission,
  ]

  /// The live client over the configuration, tokens, transport and retries of `DirectoryClient.live`.
  public static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> RolesClient {
    let roles = GraphRoles(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep))
    return RolesClient(
      definitions: { onRetry in try await roles.definitions(onRetry: onRetry) },
      holdings: { query, onRetry in await roles.holdings(query, onRetry: onRetry) })
  }

  /// The roles `text` names: a template id exactly, else every role whose display name starts
  /// with the words typed (case-insensitive, spaces folded: "global admin" finds Global
  /// Administrator; "global" finds Global Administrator and Global Reader).
  public static func matching(_ text: String, in roles: [RoleDefinition]) -> [RoleDefinition] {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if let exact = roles.first(where: { $0.id.lowercased() == trimmed.lowercased() }) { return [exact] }
    let typed = words(trimmed)
    guard !typed.isEmpty else { return [] }
    let named = roles.filter { role in
      let name = words(role.displayName.string)
      guard name.count >= typed.count else { return false }
      return zip(typed, name).enumerated().allSatisfy { index, pair in
        index == typed.count - 1 ? pair.1.hasPrefix(pair.0) : pair.1 == pair.0 || pair.1.hasPrefix(pair.0)
      }
    }
    // A name typed in full picks that role alone ("global reader" is not also "Global Readers …").
    if let full = named.first(where: { words($0.displayName.string) == typed }) { return [full] }
    return named
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split { $0.isWhitespace || $0 == "-" || $0 == "_" }.map(String.init)
  }
}
