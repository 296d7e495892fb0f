import Foundation
import RosterCore
import Transport

extension GraphDirectory {
  /// Upper bound on direct-report pages followed (999 per page), so a runaway link cannot loop.
  static let maxReportPages = 20

  /// The person (by id, UPN, or mail), their manager chain to the top and their direct reports,
  /// in one round trip: a JSON batch of `/users/{key}?$expand=manager($levels=max;…)` and
  /// `/users/{key}/directReports`. (`$expand=directReports` would make it one request, but Graph
  /// caps expanded directory relationships at 20 objects with no next link.)
  ///
  /// A missing manager is simply no `manager` member; a 403 on the expansion or the reports
  /// means the token may not read relationships, reported as `relationsHidden`. A mail that is
  /// not a UPN is found by `$filter` first (mail and UPN often differ), then batched by id.
  func personDetail(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> PersonDetail
  {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .notFound }
    do throws(DirectoryError) {
      return try await batchedDetail(trimmed, onRetry: onRetry)
    } catch .notFound where trimmed.contains("@") {
      let found = try await person(trimmed, onRetry: onRetry)
      return try await batchedDetail(found.id, onRetry: onRetry)
    }
  }

  private func batchedDetail(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> PersonDetail
  {
    let path = userPath(key)
    let listSelect = UserQuery.listFields.joined(separator: ",")
    let personOptions = ODataText.queryString([
      ("$select", UserQuery.detailFields.joined(separator: ",")),
      ("$expand", "manager($levels=max;$select=\(listSelect))"), ("$count", "true"),
    ])
    let reportOptions = ODataText.queryString([("$select", listSelect), ("$top", "999")])
    let body = GraphBatch.body([
      // `$levels` needs an advanced query (user-list-manager; PROTOCOL.md "Detail pane").
      GraphBatch.Request(id: "person", url: path + "?" + personOptions, headers: [("ConsistencyLevel", "eventual")]),
      GraphBatch.Request(id: "reports", url: path + "/directReports?" + reportOptions),
    ])
    let response = try await executor.send(
      "POST", try url("/$batch"), body: body, permission: "User.ReadBasic.All",
      innerStatus: GraphBatch.retryableInner, onRetry: onRetry)
    let inner = try GraphBatch.responses(from: response.body)
    guard let personAnswer = inner["person"], let reportsAnswer = inner["reports"] else {
      throw .malformedResponse("The batch answer from Microsoft Graph lacks one of the requests sent.")
    }
    var detail: PersonDetail
    switch personAnswer.status {
    case 200..<300:
      let (person, chain) = try PeopleDecoding.withManagerChain(from: personAnswer.body)
      detail = PersonDetail(person: person, managerChain: chain)
    case 403:
      detail = PersonDetail(person: try await person(key, onRetry: onRetry), relationsHidden: true)
    default:
      throw GraphFailure.error(for: personAnswer, permission: "User.ReadBasic.All")
    }
    switch reportsAnswer.status {
    case 200..<300:
      detail.directReports = try await reports(startingWith: reportsAnswer.body, onRetry: onRetry)
    case 403: detail.relationsHidden = true
    case 404: break
    default: throw GraphFailure.error(for: reportsAnswer, permission: "User.ReadBasic.All")
    }
    return detail
  }

  /// `GET /users/{key}`; when that is not found and the key looks like an address, the user whose
  /// `mail` it is (mail and UPN often differ).
  func person(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws(DirectoryError) -> Person
  {
    let select = ODataText.queryString([("$select", UserQuery.detailFields.joined(separator: ","))])
    do throws(DirectoryError) {
      let response = try await executor.get(
        try url(userPath(key) + "?" + select), permission: "User.ReadBasic.All", onRetry: onRetry)
      return try PeopleDecoding.single(from: response.body)
    } catch .notFound where key.contains("@") {
      let query = ODataText.queryString([("$filter", "mail eq " + ODataText.filterLiteral(key))]) + "&" + select
      let response = try await executor.get(
        try url("/users?" + query), permission: "User.ReadBasic.All", onRetry: onRetry)
      guard let match = try PeopleDecoding.page(from: response.body).people.first else { throw .notFound }
      return match
    }
  }

  /// The first page of direct reports (from the batch) and any further pages.
  private func reports(startingWith first: Data, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [Person]
  {
    var page = try PeopleDecoding.page(from: first)
    var people = page.people
    var pages = 1
    while let link = page.nextLink, pages < Self.maxReportPages {
      let body: Data
      do throws(DirectoryError) {
        body = try await executor.get(try followableURL(link), permission: "User.ReadBasic.All", onRetry: onRetry).body
      } catch .notFound {
        return people
      }
      page = try PeopleDecoding.page(from: body)
      people += page.people
      pages += 1
    }
    return people
  }

  /// `/users/{key}`, or `/users('{key}')` for a key starting with `$`, which Graph would read as a
  /// system query segment (protocol.md §4.6).
  func userPath(_ key: String) -> String {
    if key.hasPrefix("$") {
      return "/users('" + PercentEncoding.encode(key.replacingOccurrences(of: "'", with: "''")) + "')"
    }
    return "/users/" + PercentEncoding.encode(key)
  }

  func url(_ pathAndQuery: String) throws(DirectoryError) -> URL {
    guard let url = URL(string: configuration.root + pathAndQuery) else {
      throw .malformedResponse("Could not build a Graph URL from \(configuration.root).")
    }
    return url
  }
}
