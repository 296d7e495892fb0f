import Foundation
import RosterCore
import Transport

extension GraphDirectory {
  /// Upper bound on direct-report pages followed (999 per page), so a runaway link cannot loop.
  static let maxReportPages = 20

  /// The person (by id, UPN, or mail), their manager and their direct reports.
  ///
  /// A missing manager is a 404 `Request_ResourceNotFound` and means "none"; a 403 on manager or
  /// reports means the token may not read relationships, reported as `relationsHidden`.
  func personDetail(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> PersonDetail
  {
    let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .notFound }
    let person = try await person(trimmed, onRetry: onRetry)
    let id = person.id
    async let managerResult = result { () async throws(DirectoryError) in try await self.manager(of: id, onRetry: onRetry) }
    async let reportsResult = result { () async throws(DirectoryError) in
      try await self.directReports(of: id, onRetry: onRetry)
    }
    let (manager, reports) = await (managerResult, reportsResult)
    var detail = PersonDetail(person: person)
    switch manager {
    case let .success(found): detail.manager = found
    case .failure(.permissionDenied): detail.relationsHidden = true
    case let .failure(error): throw error
    }
    switch reports {
    case let .success(found): detail.directReports = found
    case .failure(.permissionDenied): detail.relationsHidden = true
    case let .failure(error): throw error
    }
    return detail
  }

  private func result<Value>(_ body: () async throws(DirectoryError) -> Value) async -> Result<Value, DirectoryError> {
    do { return .success(try await body()) } catch { return .failure(error) }
  }

  /// `GET /users/{key}`; when that is not found and the key looks like an address, the user whose
  /// `mail` it is (mail and UPN often differ).
  func person(_ key: String, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws(DirectoryError) -> Person {
    let select = ODataText.queryString([("$select", UserQuery.detailFields.joined(separator: ","))])
    do throws(DirectoryError) {
      let response = try await executor.get(
        try url(userPath(key) + "?" + select), permission: "User.ReadBasic.All", onRetry: onRetry)
      return try PeopleDecoding.single(from: response.body)
    } catch .notFound where key.contains("@") {
      let query = ODataText.queryString([("$filter", "mail eq " + ODataText.filterLiteral(key))]) + "&" + select
      let response = try await executor.get(try url("/users?" + query), permission: "User.ReadBasic.All", onRetry: onRetry)
      guard let match = try PeopleDecoding.page(from: response.body).people.first else { throw .notFound }
      return match
    }
  }

  func manager(of id: String, onRetry: @escaping @Sendable (RetryNotice) -> Void) async throws(DirectoryError) -> Person? {
    do throws(DirectoryError) {
      let response = try await executor.get(try url(userPath(id) + "/manager"), permission: "User.Read.All", onRetry: onRetry)
      return try PeopleDecoding.single(from: response.body)
    } catch .notFound {
      return nil
    }
  }

  func directReports(of id: String, onRetry: @escaping @Sendable (RetryNotice) -> Void)
    async throws(DirectoryError) -> [Person]
  {
    let options = ODataText.queryString([("$select", UserQuery.listFields.joined(separator: ",")), ("$top", "999")])
    var next: URL? = try url(userPath(id) + "/directReports?" + options)
    var people: [Person] = []
    var pages = 0
    while let current = next, pages < Self.maxReportPages {
      let body: Data
      do throws(DirectoryError) {
        body = try await executor.get(current, permission: "User.ReadBasic.All", onRetry: onRetry).body
      } catch .notFound {
        return people
      }
      let page = try PeopleDecoding.page(from: body)
      people += page.people
      next = try page.nextLink.map { link throws(DirectoryError) in try followableURL(link) }
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

  private func url(_ pathAndQuery: String) throws(DirectoryError) -> URL {
    guard let url = URL(string: configuration.root + pathAndQuery) else {
      throw .malformedResponse("Could not build a Graph URL from \(configuration.root).")
    }
    return url
  }
}
