import Foundation
import RosterCore
import Testing
import Transport

@testable import Graph

@Suite struct SearchBehaviourTests {
  @Test func searchSendsAdvancedQueryWithHeader() async throws {
    let graph = try GraphHarness([.people(["Jo Smith"])])
    _ = try await graph.search("smith jo", pageSize: 30)
    let request = try #require(graph.transport.requests.first)
    #expect(request.header("ConsistencyLevel") == "eventual")
    #expect(request.header("client-request-id")?.count == 36)
    #expect(request.url.path == "/v1.0/users")
    let options = graph.options(ofRequest: 0)
    #expect(options["$search"]?.hasPrefix(#"("displayName:smith" OR"#) == true)
    #expect(options["$search"]?.contains(#") AND ("displayName:jo""#) == true)
    #expect(options["$top"] == "30")
    #expect(options["$count"] == "true")
  }

  @Test func refusedAdvancedQueryFallsBackToFilterAndIsRemembered() async throws {
    let graph = try GraphHarness([try .fixture(400, "unsupported-query"), .people(["Ann"]), .people(["Bo"])])
    #expect(try await graph.search("ann").people.map(\.displayName) == ["Ann"])
    #expect(try await graph.search("bo").people.map(\.displayName) == ["Bo"])
    #expect(graph.options(ofRequest: 0)["$search"] != nil)
    #expect(graph.options(ofRequest: 1)["$filter"]?.hasPrefix("startswith(displayName,'ann')") == true)
    #expect(graph.options(ofRequest: 2)["$filter"]?.hasPrefix("startswith(displayName,'bo')") == true)
    #expect(graph.transport.requests[1].header("ConsistencyLevel") == nil)
    #expect(graph.transport.requests.count == 3)
  }

  @Test func filterModeFromSettingsNeverSearches() async throws {
    let graph = try GraphHarness([.people(["Ann"])], searchMode: .filter)
    _ = try await graph.search("ann")
    #expect(graph.options(ofRequest: 0)["$search"] == nil)
    #expect(graph.options(ofRequest: 0)["$filter"] != nil)
  }

  /// A `$filter` asks the server about three words; the rest are checked locally by `$search`'s
  /// own rule (accents folded, names tokenized), as the index checks them.
  @Test func wordsPastTheLimitAreCheckedAsGraphWouldCheckThem() async throws {
    let names = ["Pat O'Brien", "Zoë Smith", "Jo Smith"]
    let graph = try GraphHarness([.people(names), .people(names)], searchMode: .filter)
    #expect(try await graph.search("a b c obrien").people.map(\.displayName) == ["Pat O'Brien"])
    #expect(try await graph.search("a b c zoe").people.map(\.displayName) == ["Zoë Smith"])
    #expect(graph.options(ofRequest: 1)["$filter"]?.contains("startswith(givenName,'zoe')") == false)
  }

  @Test func otherBadRequestsAreNotMistakenForRefusals() async throws {
    let graph = try GraphHarness([.graphError(400, code: "Request_BadRequest", message: "Invalid object identifier")])
    #expect(
      await graph.searchError("ann")
        == .service(status: 400, code: "Request_BadRequest", message: "Invalid object identifier"))
    #expect(graph.transport.requests.count == 1)
  }

  @Test func nextPagesCarryTheHeadersAgain() async throws {
    let base = GraphHarness.endpoint.absoluteString
    let graph = try GraphHarness([
      .people(["A1"], next: base + "/v1.0/users?$skiptoken=p2"),
      .people(["A2"], next: base + "/v1.0/users?$skiptoken=p3"),
      .people(["A3"]),
    ])
    var page = try await graph.search("a")
    var names = page.people.compactMap(\.displayName)
    while let cursor = page.next {
      page = try await graph.client.nextPage(cursor, graph.notices.callback)
      names += page.people.compactMap(\.displayName)
    }
    #expect(names == ["A1", "A2", "A3"])
    #expect(graph.transport.requests.map { $0.header("ConsistencyLevel") } == ["eventual", "eventual", "eventual"])
    #expect(graph.transport.requests[1].url.absoluteString == base + "/v1.0/users?$skiptoken=p2")
  }

  @Test func filterPagesDoNotTurnIntoAdvancedQueries() async throws {
    let base = GraphHarness.endpoint.absoluteString
    let graph = try GraphHarness(
      [.people(["A1"], next: base + "/v1.0/users?$skiptoken=p2"), .people(["A2"])], searchMode: .filter)
    let first = try await graph.search("a")
    _ = try await graph.client.nextPage(try #require(first.next), graph.notices.callback)
    #expect(graph.transport.requests.map { $0.header("ConsistencyLevel") } == [nil, nil])
  }

  @Test func directReportLinksMustStayOnGraph() async throws {
    let graph = try GraphHarness(
      [],
      fallback: BatchStub.splitting(base: GraphHarness.endpoint) { request in
        let url = request.url.absoluteString
        if url.contains("/manager") { return HTTPResponse(status: 404, body: try! Fixture.data("manager-not-found")) }
        if url.contains("/directReports") {
          return HTTPResponse(status: 200, body: Data(#"{"value":[],"@odata.nextLink":"https://evil.example/x"}"#.utf8))
        }
        return HTTPResponse(status: 200, body: try! Fixture.data("user-detail"))
      })
    await #expect {
      try await graph.client.personDetail("87d349ed-44d7-43e1-9a83-5f2406dee5bd", { _ in })
    } throws: { error in
      guard case .malformedResponse = error as? DirectoryError else { return false }
      return true
    }
    #expect(!graph.transport.requests.contains { $0.url.host == "evil.example" })
  }

  @Test func filterPagesAreNarrowedByTheWordsLeftOut() async throws {
    let base = GraphHarness.endpoint.absoluteString
    let graph = try GraphHarness(
      [
        .people(["Ann Lee Berg Ek", "Ann Lee Berg"], next: base + "/v1.0/users?$skiptoken=p2"),
        .people(["Ek Berg Lee Ann", "Ann Berg Lee Ox"]),
      ], searchMode: .filter)
    let first = try await graph.search("ann lee berg ek")
    #expect(first.people.compactMap(\.displayName) == ["Ann Lee Berg Ek"])
    #expect(first.totalCount == nil)
    let second = try await graph.client.nextPage(try #require(first.next), graph.notices.callback)
    #expect(second.people.compactMap(\.displayName) == ["Ek Berg Lee Ann"])
  }

  @Test func nextLinkToAnotherHostIsRefused() async throws {
    let graph = try GraphHarness([])
    await #expect(throws: DirectoryError.self) {
      try await graph.client.nextPage(PageCursor(nextLink: "https://evil.example/v1.0/users?$skiptoken=x"), { _ in })
    }
    #expect(graph.transport.requests.isEmpty)
  }

  @Test func detailHasManagerAndPagedReports() async throws {
    let base = GraphHarness.endpoint.absoluteString
    let graph = try GraphHarness(
      [],
      fallback: BatchStub.splitting(base: GraphHarness.endpoint) { request in
        let url = request.url.absoluteString
        let body: String
        if url.contains("/manager") {
          body = try! Fixture.text("manager")
        } else if url.contains("skiptoken=r2") {
          body = #"{"value":[{"id":"r2","displayName":"Report Two"}]}"#
        } else if url.contains("/directReports") {
          body =
            #"{"value":[{"id":"r1","displayName":"Report One"}],"@odata.nextLink":"\#(base)/v1.0/users/x/directReports?$skiptoken=r2"}"#
        } else {
          body = try! Fixture.text("user-detail")
        }
        return HTTPResponse(status: 200, body: Data(body.utf8))
      })
    let detail = try await graph.client.personDetail("anna.lindqvist@contoso.onmicrosoft.com", { _ in })
    #expect(detail.person.displayName == "Anna Lindqvist")
    #expect(detail.manager?.displayName == "Mikael Berg")
    #expect(detail.directReports.map(\.id) == ["r1", "r2"])
    #expect(!detail.relationsHidden)
    // One round trip for the person, the manager chain and the first page of reports.
    let first = try #require(graph.transport.requests.first)
    #expect(first.method == "POST" && first.url.absoluteString == base + "/v1.0/$batch")
    #expect(first.header("x-ms-throttle-priority") == "High")
    let subs = BatchStub.subRequests(of: first)
    #expect(subs.map(\.id) == ["person", "reports"])
    let person = try #require(URLComponents(string: base + subs[0].url))
    #expect(person.path == "/users/anna.lindqvist@contoso.onmicrosoft.com")
    let options = Dictionary(uniqueKeysWithValues: (person.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    #expect(options["$select"]?.contains("accountEnabled") == true)
    #expect(options["$expand"]?.hasPrefix("manager($levels=max;$select=id,") == true)
    #expect(options["$count"] == "true")
    #expect(subs[0].headers["ConsistencyLevel"] == "eventual")
    #expect(subs[1].url.contains("/directReports?"))
    #expect(graph.transport.requests.count == 2, "the batch, then the second page of reports")
  }

  @Test func missingManagerIsNoneAndForbiddenRelationsAreHidden() async throws {
    let noManager = try GraphHarness(
      [],
      fallback: BatchStub.splitting(base: GraphHarness.endpoint) { request in
        let url = request.url.absoluteString
        if url.contains("/manager") {
          return HTTPResponse(status: 404, body: try! Fixture.data("manager-not-found"))
        }
        if url.contains("/directReports") { return HTTPResponse(status: 200, body: Data(#"{"value":[]}"#.utf8)) }
        return HTTPResponse(status: 200, body: try! Fixture.data("user-detail"))
      })
    let alone = try await noManager.client.personDetail("87d349ed-44d7-43e1-9a83-5f2406dee5bd", { _ in })
    #expect(alone.manager == nil)
    #expect(alone.directReports.isEmpty)
    #expect(!alone.relationsHidden)

    let forbidden = try GraphHarness(
      [],
      fallback: BatchStub.splitting(base: GraphHarness.endpoint) { request in
        let url = request.url.absoluteString
        if url.contains("/manager") || url.contains("/directReports") {
          return HTTPResponse(status: 403, body: try! Fixture.data("forbidden"))
        }
        return HTTPResponse(status: 200, body: try! Fixture.data("user-detail"))
      })
    let hidden = try await forbidden.client.personDetail("87d349ed-44d7-43e1-9a83-5f2406dee5bd", { _ in })
    #expect(hidden.relationsHidden)
    #expect(hidden.manager == nil)
    #expect(hidden.person.displayName == "Anna Lindqvist", "the person is read again without the expansion")
  }

  @Test func mailThatIsNotAUPNIsLookedUpByMail() async throws {
    let graph = try GraphHarness(
      [],
      fallback: BatchStub.splitting(base: GraphHarness.endpoint) { request in
        let url = request.url.absoluteString
        if url.contains("/users/someone") {
          return HTTPResponse(
            status: 404, body: Data(#"{"error":{"code":"Request_ResourceNotFound","message":"nope"}}"#.utf8))
        }
        if url.contains("$filter=") { return HTTPResponse(status: 200, body: try! Fixture.data("users-basic-profile")) }
        if url.contains("/manager") { return HTTPResponse(status: 404, body: try! Fixture.data("manager-not-found")) }
        if url.contains("/users/c0ffee00-1111-4222-8333-444455556666?") {
          return HTTPResponse(
            status: 200, body: Data(#"{"id":"c0ffee00-1111-4222-8333-444455556666","displayName":"Björn Ek"}"#.utf8))
        }
        return HTTPResponse(status: 200, body: Data(#"{"value":[]}"#.utf8))
      })
    let detail = try await graph.client.personDetail("someone@contoso.test", { _ in })
    #expect(
      BatchStub.subRequests(of: graph.transport.requests[0]).first?.url.hasPrefix(
        "/users/someone%40contoso.test?$select=") == true)
    #expect(
      graph.transport.requests[1].url.absoluteString.hasPrefix(
        "https://graph.example.test/v1.0/users/someone%40contoso.test?$select=") == true)
    #expect(detail.person.displayName == "Björn Ek")
    #expect(graph.options(ofRequest: 2)["$filter"] == "mail eq 'someone@contoso.test'")
    #expect(!BatchStub.subRequests(of: graph.transport.requests[3]).isEmpty, "then one batch by the id found")
  }

  @Test func unknownPersonIsNotFound() async throws {
    let graph = try GraphHarness(
      [],
      fallback: BatchStub.splitting(base: GraphHarness.endpoint) { _ in
        HTTPResponse(status: 404, body: Data(#"{"error":{"code":"Request_ResourceNotFound","message":"gone"}}"#.utf8))
      })
    await #expect(throws: DirectoryError.notFound) { try await graph.client.personDetail("no-such-id", { _ in }) }
    #expect(graph.transport.requests.count == 1)
  }
}
