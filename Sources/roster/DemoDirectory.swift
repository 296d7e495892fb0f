import Foundation
import RosterCore
import SandboxDirectory

/// A `DirectoryClient` over the sandbox's people engine, in process: the same `$search` rules the
/// sandbox server applies, paged like Graph, with a little latency so the UI's states show.
struct DemoDirectory: Sendable {
  let directory: Directory
  let latency: Duration

  init(_ directory: Directory, latency: Duration = .milliseconds(60)) {
    self.directory = directory
    self.latency = latency
  }

  var client: DirectoryClient {
    DirectoryClient(
      searchPeople: { query, _ in try await page(for: query.text, offset: 0, size: query.pageSize) },
      nextPage: { cursor, _ in
        let parts = cursor.nextLink.split(separator: "\n", maxSplits: 2).map(String.init)
        guard parts.count == 3, let offset = Int(parts[0]), let size = Int(parts[1]) else {
          throw DirectoryError.malformedResponse("bad demo cursor")
        }
        return try await page(for: parts[2], offset: offset, size: size)
      },
      personDetail: { id, _ in
        try await Task.sleep(for: latency)
        guard let user = directory.user(idOrUPN: id) else { throw DirectoryError.notFound }
        return PersonDetail(
          person: Self.person(user),
          manager: directory.manager(of: user).map(Self.person),
          directReports: directory.directReports(of: user).map(Self.person)
        )
      }
    )
  }

  private func page(for text: String, offset: Int, size: Int) async throws -> PeoplePage {
    try await Task.sleep(for: latency)
    let matches: [DirectoryUser]
    do {
      matches = try directory.list(UserListQuery(search: Self.searchClause(text), count: "true", consistencyLevelEventual: true))
    } catch {
      throw DirectoryError.service(status: error.status, code: error.code, message: error.message)
    }
    let size = max(1, size)
    let slice = matches.dropFirst(offset).prefix(size)
    let nextOffset = offset + slice.count
    let next = nextOffset < matches.count ? PageCursor(nextLink: "\(nextOffset)\n\(size)\n\(text)") : nil
    return PeoplePage(people: slice.map(Self.person), next: next, totalCount: offset == 0 ? matches.count : nil)
  }

  /// `"displayName:…" OR "mail:…" OR "userPrincipalName:…"`, with `"` and `\` escaped as Graph
  /// requires inside a `$search` phrase.
  static func searchClause(_ text: String) -> String {
    let escaped = text.trimmingCharacters(in: .whitespaces)
      .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return ["displayName", "mail", "userPrincipalName"].map { "\"\($0):\(escaped)\"" }.joined(separator: " OR ")
  }

  static func person(_ user: DirectoryUser) -> Person {
    Person(
      id: user.id, displayName: user.displayName, givenName: user.givenName, surname: user.surname,
      mail: user.mail, userPrincipalName: user.userPrincipalName, jobTitle: user.jobTitle,
      department: user.department, companyName: user.companyName, officeLocation: user.officeLocation,
      businessPhones: user.businessPhones, mobilePhone: user.mobilePhone, userType: user.userType,
      accountEnabled: user.accountEnabled
    )
  }
}
