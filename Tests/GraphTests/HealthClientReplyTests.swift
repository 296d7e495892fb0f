import Foundation
import RosterCore
import TestSupport
import Testing
import Transport

@testable import Graph

/// `HealthClient.live` against scripted Graph replies: the requests each part sends, the refusals
/// (permission, role, the P1 gate), lenient decoding of hostile and mis-typed fields, paging.
@Suite struct HealthClientReplyTests {
  static let id = "11111111-2222-3333-4444-555555555555"

  static func client(_ transport: FakeTransport) throws -> HealthClient {
    let configuration = try GraphConfiguration(
      endpoint: GraphHarness.endpoint, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
    return .live(
      configuration: configuration, tokens: FakeTokens(), transport: transport, sleep: RecordingSleep().function)
  }

  static func query(_ request: HTTPRequest) -> [String: String] {
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
  }

  @Test func stateIsReadWithItsSelectAndDecodedLeniently() async throws {
    let transport = FakeTransport(script: [
      .json(
        200,
        #"{"accountEnabled":false,"createdDateTime":"2019-03-04T05:06:07Z","userType":"Guest","#
          + #""externalUserState":"PendingAcceptance","onPremisesSyncEnabled":"yes","#
          + #""onPremisesLastSyncDateTime":"2026-11-20T10:00:00.1234567Z","employeeId":"E\u001b[31m42","#
          + #""usageLocation":7}"#)
    ])
    let state = try await Self.client(transport).accountState(Self.id) { _ in }
    #expect(state.accountEnabled == false && state.userType == "Guest")
    #expect(state.externalUserState == "PendingAcceptance")
    #expect(state.createdDateTime == Date(timeIntervalSince1970: 1_551_675_967))
    #expect(state.onPremisesSyncEnabled == nil, "a string is not a boolean")
    #expect(state.onPremisesLastSyncDateTime == Date(timeIntervalSince1970: 1_795_168_800))
    #expect(state.employeeId == "E42" && state.usageLocation == nil)
    let request = try #require(transport.requests.first)
    #expect(request.url.path == "/v1.0/users/\(Self.id)")
    #expect(Self.query(request)["$select"]?.contains("externalUserState") == true)
  }

  @Test func lastSignInAsksForSignInActivityByObjectId() async throws {
    let transport = FakeTransport(script: [
      .json(
        200,
        #"{"id":"x","signInActivity":{"lastSignInDateTime":"2026-11-26T08:00:00Z","#
          + #""lastSuccessfulSignInDateTime":"2026-11-01T08:00:00Z"}}"#)
    ])
    let last = try await Self.client(transport).lastSignIn(Self.id) { _ in }
    #expect(last.lastSignInDateTime == Date(timeIntervalSince1970: 1_795_680_000))
    #expect(last.lastSuccessfulSignInDateTime == Date(timeIntervalSince1970: 1_793_520_000))
    #expect(Self.query(try #require(transport.requests.first))["$select"] == "id,signInActivity")
  }

  @Test func aTenantWithoutP1IsToldSoNotAPermission() async throws {
    let transport = FakeTransport(script: [
      .graphError(
        403, code: "Authentication_RequestFromNonPremiumTenantOrB2CTenant",
        message: "Neither tenant is B2C or tenant doesn't have premium license")
    ])
    do {
      _ = try await Self.client(transport).lastSignIn(Self.id) { _ in }
      Issue.record("expected a refusal")
    } catch let error as DirectoryError {
      guard case .permissionDenied(let text) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(text.contains("needs Entra ID P1"))
    }
  }

  @Test func aPlainRefusalNamesPermissionRoleAndLicence() async throws {
    let transport = FakeTransport(script: [
      .graphError(403, code: "Authorization_RequestDenied", message: "Insufficient privileges")
    ])
    do {
      _ = try await Self.client(transport).mfa(Self.id) { _ in }
      Issue.record("expected a refusal")
    } catch let error as DirectoryError {
      guard case .permissionDenied(let text) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(text.contains("AuditLog.Read.All") && text.contains("Reports Reader") && text.contains("P1"))
    }
    #expect(
      transport.requests.first?.url.path == "/v1.0/reports/authenticationMethods/userRegistrationDetails/\(Self.id)")
  }

  @Test func devicesFromBothListsAreMergedAndOtherObjectsDropped() async throws {
    let transport = FakeTransport(script: [
      .json(
        200,
        ##"{"value":[{"@odata.type":"#microsoft.graph.device","id":"d1","displayName":"Laptop","##
          + ##""operatingSystem":"Windows","isCompliant":true,"isManaged":1}]}"##),
      .json(
        200,
        ##"{"value":[{"@odata.type":"#microsoft.graph.device","id":"D1"},"##
          + ##"{"@odata.type":"#microsoft.graph.user","id":"u1"},{"id":"d2","displayName":"Phone"}]}"##),
    ])
    let devices = try await Self.client(transport).devices(Self.id) { _ in }
    #expect(devices.map(\.id) == ["d1", "d2"])
    #expect(devices[0].relation == .both && devices[0].isCompliant == true && devices[0].isManaged == nil)
    #expect(devices[1].relation == .owned)
    #expect(transport.requests.map(\.url.lastPathComponent) == ["registeredDevices", "ownedDevices"])
  }

  @Test func licencesKeepUnknownSkusAsTheirPartNumber() async throws {
    let transport = FakeTransport(script: [
      .json(200, #"{"value":[{"skuPartNumber":"ENTERPRISEPACK"},{"skuPartNumber":"CONTOSO_SPECIAL"},{"skuId":"x"}]}"#)
    ])
    let licences = try await Self.client(transport).licences(Self.id) { _ in }
    #expect(licences.map(\.productName) == ["Office 365 E3", "CONTOSO_SPECIAL"])
  }

  @Test func signInsAreFilteredOnGraphsSideAndExplained() async throws {
    let transport = FakeTransport(script: [
      .json(
        200,
        #"{"value":[{"id":"s1","createdDateTime":"2026-11-26T08:00:00Z","appDisplayName":"Outlook\u202e","#
          + #""status":{"errorCode":50126,"failureReason":"Invalid username or password."},"#
          + #""location":{"city":"Oslo","countryOrRegion":"NO"},"ipAddress":"192.0.2.1","#
          + #""conditionalAccessStatus":"failure","appliedConditionalAccessPolicies":[{"displayName":"Block legacy","result":"failure"},{"displayName":"Other","result":"success"}]},"#
          + #"{"id":"s2","createdDateTime":"not a date"},{"id":"s3","createdDateTime":"2026-11-25T08:00:00Z","status":{"errorCode":999999,"failureReason":"Odd"}}],"#
          + #""@odata.nextLink":"https://graph.example.test/v1.0/auditLogs/signIns?$skiptoken=2"}"#),
      .json(200, #"{"value":[{"id":"s4","createdDateTime":"2026-11-24T08:00:00Z","status":{"errorCode":0}}]}"#),
    ])
    let since = Date(timeIntervalSince1970: 1_795_000_000)
    let entries = try await Self.client(transport).signIns(
      SignInQuery(userID: Self.id, failedOnly: true, since: since, limit: 10)
    ) { _ in }
    #expect(entries.map(\.id) == ["s1", "s3", "s4"])
    #expect(entries[0].explanation == "Wrong user name or password")
    #expect(entries[0].appDisplayName == "Outlook" && entries[0].place == "Oslo, NO")
    #expect(entries[0].failedPolicies == ["Block legacy"])
    #expect(entries[1].explanation == "Odd" && entries[2].succeeded)
    let first = try #require(transport.requests.first)
    let filter = try #require(Self.query(first)["$filter"])
    #expect(filter == "userId eq '\(Self.id)' and status/errorCode ne 0 and createdDateTime ge 2026-11-18T11:06:40Z")
    #expect(Self.query(transport.requests[0])["$top"] == "10")
  }

  @Test func signInsStopAtTheLimitWithoutReadingMorePages() async throws {
    let transport = FakeTransport { _ in
      .init(
        status: 200, headers: [("Content-Type", "application/json")],
        body: Data(
          (#"{"value":[{"id":"a","createdDateTime":"2026-11-26T08:00:00Z"},{"id":"b","createdDateTime":"2026-11-26T07:00:00Z"}],"#
            + #""@odata.nextLink":"https://graph.example.test/v1.0/auditLogs/signIns?$skiptoken=n"}"#).utf8))
    }
    let entries = try await Self.client(transport).signIns(SignInQuery(userID: Self.id, limit: 1)) { _ in }
    #expect(entries.map(\.id) == ["a"])
    #expect(transport.requests.count == 1)
  }
}
