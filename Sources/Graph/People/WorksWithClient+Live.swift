import Foundation
import RosterCore
import Transport

extension WorksWithClient {
  /// People asked for a page. (The People API's own page is 10 by default; a few large pages cost
  /// fewer round trips than many small ones for the same list.)
  public static let graphPageSize = 100
  /// The most people kept: the head of the relevance list is what ranks a search; past a few
  /// hundred the API's scores say little (PROTOCOL.md, "People I work with").
  public static let maxPeople = 300

  /// The Microsoft Graph client (`GET /me/people`, filtered to directory users, every page up to
  /// `maxPeople`), over the same configuration, tokens, transport and retries as
  /// `DirectoryClient.live`.
  public static func live(
    configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    pageSize: Int = WorksWithClient.graphPageSize, maxPeople: Int = WorksWithClient.maxPeople,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> WorksWithClient {
    let people = GraphWorksWith(
      directory: GraphDirectory(configuration: configuration, tokens: tokens, transport: transport, sleep: sleep),
      pageSize: pageSize, maxPeople: maxPeople)
    return WorksWithClient(read: { try await people.read() })
  }
}

/// Reads `/me/people` page by page (`$skip` links), keeping directory users only.
///
/// The filter keeps organisation users (`personType` Person/OrganizationUser): the list also holds
/// personal contacts and groups, whose ids are not directory object ids and which the index does
/// not hold. Each entry is checked again here, so a service that ignored the filter adds nothing
/// it should not.
struct GraphWorksWith: Sendable {
  let directory: GraphDirectory
  let pageSize: Int
  let maxPeople: Int

  func read() async throws(DirectoryError) -> [String] {
    let query = ODataText.queryString([
      ("$top", String(min(max(pageSize, 1), 1000))), ("$select", "id,personType"),
      ("$filter", "personType/class eq 'Person' and personType/subclass eq 'OrganizationUser'"),
    ])
    let first = try directory.url("/me/people?" + query)
    var ids: [String] = []
    var seen: Set<String> = []
    try await directory.everyPage(
      from: first, maxPages: max(1, (maxPeople + pageSize - 1) / max(pageSize, 1)), limit: .stop,
      fetch: { url throws(DirectoryError) in try await get(url) },
      read: { body throws(DirectoryError) in
        let page = try ODataCollection(body)
        for object in page.objects where Self.isDirectoryUser(object) {
          guard let id = object["id"] as? String, !id.isEmpty, id.count <= 64, seen.insert(id.lowercased()).inserted
          else { continue }
          ids.append(id)
        }
        return ids.count >= maxPeople || page.objects.isEmpty ? nil : page.nextLink
      })
    return Array(ids.prefix(maxPeople))
  }

  /// `personType` says Person / OrganizationUser.
  static func isDirectoryUser(_ object: [String: Any]) -> Bool {
    guard let type = object["personType"] as? [String: Any] else { return false }
    return (type["class"] as? String)?.lowercased() == "person"
      && (type["subclass"] as? String)?.lowercased() == "organizationuser"
  }

  /// One page; a 403 becomes the explanation that names People.Read.
  private func get(_ url: URL) async throws(DirectoryError) -> Data {
    do {
      return try await directory.executor.get(url, permission: WorksWithClient.permission, onRetry: { _ in }).body
    } catch .permissionDenied {
      throw .permissionDenied(WorksWithClient.permissionExplanation)
    }
  }
}
