import Foundation
import Testing

@testable import SandboxDirectory

/// Shorthands for running `GET /users` queries in tests.
extension Directory {
  /// `$search` with `ConsistencyLevel: eventual`; display names of the matches.
  func searchNames(_ search: String, filter: String? = nil) throws(GraphQueryError) -> [String] {
    try list(UserListQuery(search: search, filter: filter, consistencyLevelEventual: true)).map { $0.displayName ?? "" }
  }

  /// `$filter` as a default (non-advanced) query; display names of the matches.
  func filterNames(_ filter: String) throws(GraphQueryError) -> [String] {
    try list(UserListQuery(filter: filter)).map { $0.displayName ?? "" }
  }

  /// `$filter` as an advanced query (`ConsistencyLevel: eventual` and `$count=true`).
  func advancedFilterNames(_ filter: String) throws(GraphQueryError) -> [String] {
    try list(UserListQuery(filter: filter, count: "true", consistencyLevelEventual: true)).map { $0.displayName ?? "" }
  }
}

/// The error `body` throws, or nil.
func refusal(_ body: () throws -> Void) -> GraphQueryError? {
  do {
    try body()
    return nil
  } catch let error as GraphQueryError {
    return error
  } catch {
    Issue.record("unexpected error \(error)")
    return nil
  }
}

/// A small hand-made directory whose contents the query tests can reason about exactly.
enum SampleDirectory {
  static let users: [DirectoryUser] = [
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000001", userPrincipalName: "ann.lee@contoso.onmicrosoft.com",
      displayName: "Ann Lee", givenName: "Ann", surname: "Lee", mail: "ann.lee@contoso.onmicrosoft.com",
      jobTitle: "Chief Executive Officer", officeLocation: "Redmond 1/100", businessPhones: ["+1 425 555 0100"],
      hasPhoto: true),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000002", userPrincipalName: "sean.obrien@contoso.onmicrosoft.com",
      displayName: "Seán O'Brien", givenName: "Seán", surname: "O'Brien", mail: "sean.obrien@contoso.onmicrosoft.com",
      jobTitle: "Engineer", department: "Engineering", officeLocation: "Dublin 2/200",
      managerId: "00000000-0000-4000-8000-000000000001"),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000003", userPrincipalName: "wei.wang@contoso.onmicrosoft.com",
      displayName: "王伟", givenName: "伟", surname: "王", mail: "wei.wang@contoso.onmicrosoft.com",
      managerId: "00000000-0000-4000-8000-000000000001"),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000004", userPrincipalName: "layla.alhassan@contoso.onmicrosoft.com",
      displayName: "ليلى الحسن", givenName: "ليلى", surname: "الحسن", mail: nil,
      managerId: "00000000-0000-4000-8000-000000000001"),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000005", userPrincipalName: "ronald.mcdonald@contoso.onmicrosoft.com",
      displayName: "Ronald McDonald", givenName: "Ronald", surname: "McDonald",
      mail: "ronald.mcdonald@contoso.onmicrosoft.com", accountEnabled: false),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000006",
      userPrincipalName: "zoe.muller_fabrikam.com#EXT#@contoso.onmicrosoft.com",
      displayName: "Zoë Müller (Fabrikam)", givenName: "Zoë", surname: "Müller", mail: "zoe.muller@fabrikam.com",
      userType: "Guest"),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000007", userPrincipalName: "room.b12@contoso.onmicrosoft.com",
      displayName: "Conference Room B12", mail: "room.b12@contoso.onmicrosoft.com", accountEnabled: false),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000008", userPrincipalName: "sanne.vanderberg@contoso.onmicrosoft.com",
      displayName: "Sanne van der Berg", givenName: "Sanne", surname: "van der Berg",
      mail: "sanne.vanderberg@contoso.onmicrosoft.com", managerId: "00000000-0000-4000-8000-000000000002"),
    DirectoryUser(
      id: "00000000-0000-4000-8000-000000000009", userPrincipalName: "nobody@contoso.onmicrosoft.com"),
  ]

  static let directory = Directory(users: users, defaultUserIndex: 0)
}
