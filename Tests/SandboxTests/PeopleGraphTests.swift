import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `GET /v1.0/me/people` (Graph's People API) over HTTP and its ranking without HTTP: the order
/// per user, `People.Read`, paging by `$skip`, `$select`, the `personType` filter and hidden people.
@Suite("Graph v1.0 people I work with")
struct PeopleGraphTests {
  static let scope = "openid profile offline_access User.Read People.Read"
  static let select = "id,displayName,userPrincipalName,personType"
  static let organisationOnly = "personType/class eq 'Person' and personType/subclass eq 'OrganizationUser'"
  static var directory: Directory { Directory.generated(seed: 1, size: 50) }

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func ids(_ reply: Reply) -> [String] { values(reply).compactMap { $0["id"] as? String } }
  static func subclasses(_ reply: Reply) -> Set<String> {
    Set(values(reply).compactMap { ($0["personType"] as? [String: Any])?["subclass"] as? String })
  }

  /// Someone with a manager, peers and direct reports.
  static var middleManager: DirectoryUser {
    let directory = directory
    return directory.users.first { user in
      guard let manager = directory.manager(of: user) else { return false }
      return !directory.directReports(of: user).isEmpty && directory.directReports(of: manager).count > 1
    }!
  }

  @Test("403 ErrorAccessDenied without People.Read; someone else's list needs People.Read.All")
  func permission() async throws {
    try await SandboxHarness.withManualClock { h in
      let plain = try await h.signIn().accessToken
      let refused = try await h.graph("/v1.0/me/people", token: plain)
      #expect(refused.status == 403)
      let error = refused.json["error"] as? [String: Any]
      #expect(error?["code"] as? String == "ErrorAccessDenied")
      #expect(error?["message"] as? String == "Access is denied. Check credentials and try again.")

      let token = try await h.signIn(scope: Self.scope).accessToken
      #expect(try await h.graph("/v1.0/me/people", token: token).status == 200)
      let other = Self.middleManager
      let own = Self.directory.defaultUser
      #expect(try await h.graph("/v1.0/users/\(own.id)/people", token: token).status == 200)
      #expect(try await h.graph("/v1.0/users/\(other.id)/people", token: token).status == 403)

      let admin = try await h.signIn(scope: "openid profile User.Read People.Read.All").accessToken
      let theirs = try await h.graph("/v1.0/users/\(other.id)/people?$top=100", token: admin)
      #expect(theirs.status == 200, "\(theirs.text)")
      #expect(Self.ids(theirs) == Array(Self.directory.peopleWorkingWith(other, limit: 50).map(\.id)))
      #expect(Self.subclasses(theirs) == ["OrganizationUser"])
    }
  }

  @Test("paging: $top and $skip through nextLink end with the ranked list; no $top repeats the page")
  func paging() async throws {
    try await SandboxHarness.withManualClock { h in
      let user = Self.middleManager
      let token = try await h.signIn(scope: Self.scope, user: user.userPrincipalName).accessToken
      let expected = Self.directory.peopleWorkingWith(user).map(\.id)
      var seen: [String] = []
      var next: String? =
        "/v1.0/me/people?$top=7&$select=\(Self.select)&$filter=\(SandboxHarness.q(Self.organisationOnly))"
      var pages = 0
      while let link = next {
        let page = try await h.graph(link, token: token)
        #expect(page.status == 200, "\(page.text)")
        #expect(Self.values(page).count <= 7)
        seen += Self.ids(page)
        next = page["@odata.nextLink"]
        if let next {
          #expect(next.hasPrefix(h.base + "/v1.0/me/people?%24top=7&%24select="))
          #expect(next.hasSuffix("&%24skip=\(seen.count)"))
        }
        pages += 1
        if pages > 50 { break }
      }
      #expect(seen == expected)
      #expect(pages == (expected.count + 6) / 7)

      let first = try await h.graph("/v1.0/me/people", token: token)
      #expect(Self.values(first).count == 10)
      #expect(first["@odata.nextLink"] == h.base + "/v1.0/me/people?%24skip=0")
      let later = try await h.graph("/v1.0/me/people?$top=3&$skip=10", token: token)
      #expect(Self.ids(later) == Self.ids(try await h.graph("/v1.0/me/people?$top=13", token: token)).suffix(3))
      #expect(try await h.graph("/v1.0/me/people?$top=0", token: token).status == 400)
      #expect(try await h.graph("/v1.0/me/people?$skip=-1", token: token).status == 400)
    }
  }

  @Test("$select keeps id; fields follow Graph's person; an unknown property is 400")
  func selection() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.scope).accessToken
      let page = try await h.graph("/v1.0/me/people?$select=displayName,personType", token: token)
      #expect(Self.values(page).allSatisfy { Set($0.keys) == ["id", "displayName", "personType"] })
      let full = try await h.graph(
        "/v1.0/me/people?$top=1&$filter=\(SandboxHarness.q(Self.organisationOnly))", token: token)
      let person = try #require(Self.values(full).first)
      #expect(Set(person.keys) == Set(PersonEntry.properties))
      let user = try #require(Self.directory.user(idOrUPN: person["id"] as? String ?? ""))
      #expect(person["userPrincipalName"] as? String == user.userPrincipalName)
      let scored = try #require((person["scoredEmailAddresses"] as? [[String: Any]])?.first)
      #expect(scored["address"] as? String == user.mail ?? user.userPrincipalName)
      #expect(scored["relevanceScore"] as? Double == 30)
      let wrong = try await h.graph("/v1.0/me/people?$select=nickname", token: token)
      #expect(wrong.status == 400)
      #expect((wrong.json["error"] as? [String: Any])?["code"] as? String == "RequestBroker--ParseUri")
    }
  }

  @Test("$filter: without it contacts and groups mix in; the filter keeps directory people; others are 400")
  func filter() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.scope).accessToken
      let everything = try await h.graph("/v1.0/me/people?$top=100", token: token)
      #expect(Self.subclasses(everything) == ["OrganizationUser", "PersonalContact", "UnifiedGroup"])
      let outsiders = Self.values(everything).filter {
        ($0["personType"] as? [String: Any])?["subclass"] as? String != "OrganizationUser"
      }
      #expect(outsiders.count == 5)
      #expect(outsiders.allSatisfy { Self.directory.user(idOrUPN: $0["id"] as? String ?? "") == nil })
      let filtered = try await h.graph(
        "/v1.0/me/people?$top=100&$filter=\(SandboxHarness.q(Self.organisationOnly))", token: token)
      #expect(Self.subclasses(filtered) == ["OrganizationUser"])
      #expect(Self.ids(filtered) == Self.directory.peopleWorkingWith(Self.directory.defaultUser).map(\.id))
      let people = try await h.graph(
        "/v1.0/me/people?$top=100&$filter=\(SandboxHarness.q("personType/class eq 'Person'"))", token: token)
      #expect(Self.subclasses(people) == ["OrganizationUser", "PersonalContact"])

      let unsupported = try await h.graph(
        "/v1.0/me/people?$filter=\(SandboxHarness.q("startswith(displayName,'a')"))", token: token)
      #expect(unsupported.status == 400)
      #expect((unsupported.json["error"] as? [String: Any])?["code"] as? String == "ErrorInvalidUrlQueryFilter")
      let property = try await h.graph(
        "/v1.0/me/people?$filter=\(SandboxHarness.q("userPrincipalName eq 'a@b.c'"))", token: token)
      #expect(property.status == 400)
      #expect(
        (property.json["error"] as? [String: Any])?["message"] as? String
          == "The property 'UserPrincipalName' does not support filtering.")
    }
  }

  @Test("hidden people never come back, and the batch endpoint routes the People API")
  func hiddenOverHTTPAndBatch() async throws {
    let people: [[String: Any]] = [
      [
        "id": "b0000000-0000-4000-8000-000000000001", "userPrincipalName": "boss@contoso.onmicrosoft.com",
        "displayName": "Boss", "department": "Sales",
      ],
      [
        "id": "b0000000-0000-4000-8000-000000000002", "userPrincipalName": "me@contoso.onmicrosoft.com",
        "displayName": "Me", "department": "Sales", "manager": "b0000000-0000-4000-8000-000000000001",
      ],
      [
        "id": "b0000000-0000-4000-8000-000000000003", "userPrincipalName": "secret@contoso.onmicrosoft.com",
        "displayName": "Secret", "department": "Sales", "manager": "b0000000-0000-4000-8000-000000000001",
        "showInAddressList": false,
      ],
      [
        "id": "b0000000-0000-4000-8000-000000000004", "userPrincipalName": "peer@contoso.onmicrosoft.com",
        "displayName": "Peer", "department": "Sales", "manager": "b0000000-0000-4000-8000-000000000001",
      ],
    ]
    try await SandboxHarness.with(people: people, clock: ManualClock()) { h in
      let token = try await h.signIn(scope: Self.scope, user: "me@contoso.onmicrosoft.com").accessToken
      let reply = try await h.graph(
        "/v1.0/me/people?$filter=\(SandboxHarness.q(Self.organisationOnly))&$select=displayName", token: token)
      #expect(reply.status == 200, "\(reply.text)")
      #expect(Self.values(reply).compactMap { $0["displayName"] as? String } == ["Boss", "Peer"])

      let batch = try await h.send(
        "POST", "/v1.0/$batch", headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
        body: #"{"requests":[{"id":"1","method":"GET","url":"/me/people?$top=2&$select=displayName"}]}"#)
      let answer = try #require((batch.json["responses"] as? [[String: Any]])?.first)
      #expect(answer["status"] as? Int == 200)
      let body = answer["body"] as? [String: Any]
      #expect((body?["value"] as? [[String: Any]])?.count == 2)
    }
  }
}
