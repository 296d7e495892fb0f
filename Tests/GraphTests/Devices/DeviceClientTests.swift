import Foundation
import RosterCore
import SandboxDirectory
import SearchRules
import TestSupport
import Testing
import Transport

@testable import Graph
@testable import Sandbox

/// `KindClient.devices` against the sandbox's `/devices`: `$search` by a word of the name with
/// Graph's advanced-query options, pages over next links, a device's pane with its registered
/// owners and users, `Device.Read.All` named on a refusal, retries reported, hostile names cleaned.
@Suite struct DeviceClientTests {
  static let scope = "openid profile offline_access User.Read User.ReadBasic.All Device.Read.All"

  /// The live device client signed in to a sandbox of 50 people (and their devices) with `scope`;
  /// retries do not wait.
  static func withDevices<Result>(
    scope: String = scope, _ body: (KindClient, SandboxHarness, [RegisteredDevice]) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
      let client = KindClient.devices(
        configuration: configuration, tokens: tokens, transport: harness.transport, sleep: { _ in })
      let devices = try #require(harness.sandbox.tenant).devices.current.devices.devices
      return try await body(client, harness, devices)
    }
  }

  static func search(_ client: KindClient, _ text: String, pageSize: Int = 999, notices: NoticeLog = NoticeLog())
    async -> Result<ItemPage<Device>, DirectoryError>?
  {
    await client.search(KindQuery(.device, ItemQuery(text: text, pageSize: pageSize)), notices.callback)
      .value(as: Result<ItemPage<Device>, DirectoryError>.self)
  }

  static func detail(_ client: KindClient, _ id: String) async -> Result<DeviceDetail, DirectoryError>? {
    await client.detail(id).value(as: Result<DeviceDetail, DirectoryError>.self)
  }

  @Test func aWordOfTheNameFindsTheDeviceWithGraphsAdvancedQuery() async throws {
    try await Self.withDevices { client, harness, devices in
      let phone = try #require(devices.first { $0.displayName.hasSuffix("’s iPhone") })
      let given = String(try #require(phone.displayName.split(separator: "’").first))
      try await harness.clearRequests()
      let page = try #require(await Self.search(client, "\(given) iphone")).get()
      #expect(page.items.contains { $0.id == phone.id })
      #expect(page.items.allSatisfy { WordMatch.matches(allOf: [given, "iphone"], in: $0.searchFields) })
      #expect(page.totalCount == page.items.count && page.next == nil)
      let found = try #require(page.items.first { $0.id == phone.id })
      #expect(found.operatingSystem?.string == phone.operatingSystem && found.deviceId == phone.deviceId)
      #expect(found.registrationDateTime == phone.registrationDateTime && found.trustType?.string == "Workplace")
      let logged = try #require(try await harness.requests(pathPrefix: "/v1.0/devices").first)
      #expect(logged.query["$search"] == "(\"displayName:\(given)\") AND (\"displayName:iphone\")")
      #expect(logged.query["$count"] == "true" && logged.query["$top"] == "999")
      #expect(logged.consistencyLevel == "eventual" && logged.query["$select"]?.contains("trustType") == true)
      // A word of symbols only is sent nowhere; a query of only such words asks nothing.
      try await harness.clearRequests()
      #expect(try #require(await Self.search(client, "-- &")).get().items.isEmpty)
      #expect(try await harness.requests(pathPrefix: "/v1.0/devices").isEmpty)
    }
  }

  @Test func pagesFollowTheNextLinkToEveryMatch() async throws {
    try await Self.withDevices { client, _, devices in
      let expected = devices.filter { WordMatch.matches(allOf: ["laptop"], in: Device.named($0).searchFields) }
      #expect(expected.count > 6)
      var page = try #require(await Self.search(client, "laptop", pageSize: 4)).get()
      #expect(page.totalCount == expected.count && page.items.count == 4)
      var ids = page.items.map(\.id)
      while let next = page.next {
        page = try #require(await client.nextPage(next).value(as: Result<ItemPage<Device>, DirectoryError>.self)).get()
        ids += page.items.map(\.id)
      }
      #expect(ids.count == expected.count && Set(ids) == Set(expected.map(\.id)))
    }
  }

  @Test func theDetailNamesItsOwnersAndUsers() async throws {
    try await Self.withDevices { client, harness, devices in
      let directory = try #require(harness.sandbox.tenant).directory
      let owned = try #require(
        devices.first { $0.ownerIds.count == 1 && directory.user(idOrUPN: $0.ownerIds[0]) != nil })
      let detail = try #require(await Self.detail(client, owned.id)).get()
      #expect(detail.device.id == owned.id && detail.device.displayName == CleanText(owned.displayName))
      let owner = try #require(detail.owners?.first)
      #expect(detail.owners?.count == 1 && owner.id == owned.ownerIds[0] && owner.displayName != nil)
      #expect(owner.mail?.string == directory.user(idOrUPN: owner.id)?.mail)
      #expect(detail.users?.map(\.id) == owned.userIds && detail.walkable.count == 1)
      // A shared device: used, owned by nobody.
      let shared = try #require(devices.first { $0.ownerIds.isEmpty && !$0.userIds.isEmpty })
      let sharedDetail = try #require(await Self.detail(client, shared.id)).get()
      #expect(sharedDetail.owners == [] && sharedDetail.users?.map(\.id) == shared.userIds)
      #expect(await Self.detail(client, UUID().uuidString.lowercased()) == .failure(.notFound))
    }
  }

  @Test func withoutDeviceReadAllTheRefusalNamesIt() async throws {
    try await Self.withDevices(scope: "openid profile offline_access User.Read User.Read.All") { client, _, devices in
      guard case .failure(.permissionDenied(let message)) = await Self.search(client, "laptop") else {
        Issue.record("the search was not refused")
        return
      }
      #expect(message.contains("Device.Read.All"))
      guard case .failure(.permissionDenied(let again)) = await Self.detail(client, devices[0].id) else {
        Issue.record("the detail was not refused")
        return
      }
      #expect(again.contains("Device.Read.All"))
    }
  }

  @Test func throttlingIsRetriedAndReportedAndABrokenBodyIsMalformed() async throws {
    try await Self.withDevices { client, harness, _ in
      try await harness.addFault([
        "match": "/v1.0/devices*", "kind": "status", "status": 429, "retry_after": "2", "count": 1,
      ])
      let notices = NoticeLog()
      let page = try #require(await Self.search(client, "laptop", notices: notices)).get()
      #expect(!page.items.isEmpty)
      #expect(notices.all.map(\.reason) == [.throttled] && notices.all.first?.wait == .seconds(2))
      try await harness.addFault(["match": "/v1.0/devices*", "kind": "malformed_json", "count": 1])
      guard case .failure(.malformedResponse) = await Self.search(client, "laptop") else {
        Issue.record("a cut body was not refused")
        return
      }
    }
  }

  @Test func anUnreachableGraphIsOffline() async throws {
    let configuration = try GraphConfiguration(
      endpoint: URL(string: "https://graph.microsoft.com")!, retry: RetryPolicy(maxRetries: 1, random: { 0.5 }))
    let transport = FakeTransport { _ in throw TransportError.connectionFailed("connection refused") }
    let client = KindClient.devices(
      configuration: configuration, tokens: FakeTokens(), transport: transport, sleep: { _ in })
    guard case .failure(.offline) = await Self.search(client, "laptop") else {
      Issue.record("an unreachable Graph was not offline")
      return
    }
  }

  @Test func hostileNamesArriveCleaned() async throws {
    try await Self.withDevices { client, _, devices in
      for hostile in devices.prefix(DemoDevices.names.count) {
        let name = try #require(await Self.detail(client, hostile.id)).get().device.displayName.string
        #expect(name == CleanText(hostile.displayName).string)
        #expect(
          !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x1B || (0x202A...0x202E).contains($0.value) })
      }
      let found = try #require(await Self.search(client, "alerts phone")).get().items
      #expect(found.map(\.displayName.string).contains { $0.hasPrefix("Alerts") && $0.contains("RED") })
    }
  }

  @Test func deltaPagesReadRemovalsAndTolerateWhatTheyDoNotKnow() throws {
    let body = #"""
      {"@odata.deltaLink": "https://graph.microsoft.com/v1.0/devices/delta?$deltatoken=x", "value": [
        {"id": "d1", "displayName": "Kiosk\u001b[2J Tablet", "isCompliant": "yes", "accountEnabled": false,
         "physicalIds": ["[ZTDID]:1"], "extensionAttributes": {"a": 1}, "approximateLastSignInDateTime": null,
         "registrationDateTime": "2024-04-24T09:53:13.1234567Z"},
        {"id": "d2", "@removed": {"reason": "deleted"}},
        {"displayName": "no id"}, 7]}
      """#
    let page = try DeviceDeltaDecoding.page(from: Data(body.utf8))
    #expect(page.deltaLink != nil && page.nextLink == nil && page.changes.count == 2)
    guard case .upsert(let device) = page.changes.first else {
      Issue.record("the device was not read")
      return
    }
    #expect(device.displayName == CleanText("Kiosk\u{1B}[2J Tablet") && !device.displayName.string.contains("\u{1B}"))
    #expect(device.isCompliant == nil && device.accountEnabled == false && device.approximateLastSignInDateTime == nil)
    #expect(device.registrationDateTime == Date(timeIntervalSince1970: 1_713_952_393))
    #expect(page.changes.last == .removed("d2"))
    for broken in [#"{"value": [{"id": "d1""#, #"{"value": []}"#, "not json"] {
      #expect(throws: DirectoryError.self) { try DeviceDeltaDecoding.page(from: Data(broken.utf8)) }
    }
    #expect(throws: DirectoryError.self) { try DeviceDecoding.page(from: Data(#"{"values": []}"#.utf8)) }
  }
}

extension Device {
  /// A sandbox device as the client would decode its name, for the search rules.
  static func named(_ device: RegisteredDevice) -> Device {
    Device(id: device.id, displayName: CleanText(device.displayName))
  }
}
