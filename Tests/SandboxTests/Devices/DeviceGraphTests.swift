import Foundation
import SandboxDirectory
import TestSupport
import Testing

@testable import Sandbox

/// `/devices` over HTTP, with Graph's paging, `$select`, `$search`, `$filter`, the
/// `Device.Read.All` rule, `registeredOwners`/`registeredUsers`, a user's devices and delta.
@Suite("Graph v1.0 devices")
struct DeviceGraphTests {
  static let deviceScope = "openid profile offline_access User.Read User.ReadBasic.All Device.Read.All"
  static let eventual = [("ConsistencyLevel", "eventual")]

  static func values(_ reply: Reply) -> [[String: Any]] { reply.json["value"] as? [[String: Any]] ?? [] }
  static func ids(_ reply: Reply) -> [String] { values(reply).compactMap { $0["id"] as? String } }

  /// Follows next links to the end; returns every page's values, the pages and the last page.
  static func all(_ h: SandboxHarness, _ token: String, from start: String, headers: [(String, String)] = [])
    async throws -> (values: [[String: Any]], pages: Int, last: Reply)
  {
    var values: [[String: Any]] = []
    var pages = 0
    var link = start
    while true {
      let page = try await h.graph(link, token: token, headers: headers)
      #expect(page.status == 200, "\(page.text.prefix(300))")
      pages += 1
      values += Self.values(page)
      guard let next = page["@odata.nextLink"] else { return (values, pages, page) }
      link = next
    }
  }

  static func tenant(_ h: SandboxHarness) throws -> SandboxTenant { try #require(h.sandbox.tenant) }

  @Test("generated devices: deterministic; none, one to three a person; stale, never, owner gone; all trust types")
  func generation() throws {
    let directory = Directory.generated(seed: 1, size: 300)
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let devices = DeviceSet.generated(seed: 1, directory: directory, now: now).devices
    #expect(devices == DeviceSet.generated(seed: 1, directory: directory, now: now).devices)
    #expect(devices != DeviceSet.generated(seed: 2, directory: directory, now: now).devices)
    #expect(Array(devices.prefix(DemoDevices.names.count).map(\.displayName)) == DemoDevices.names)
    #expect(Set(devices.map(\.id)).count == devices.count && Set(devices.map(\.deviceId)).count == devices.count)
    #expect(Set(devices.compactMap(\.trustType)) == ["AzureAd", "ServerAd", "Workplace"])
    #expect(
      Set(devices.map(\.operatingSystem)).isSuperset(of: ["Windows", "iOS", "AndroidForWork", "MacMDM", "Linux"]))
    let stale = now.addingTimeInterval(-90 * 86_400)
    #expect(devices.contains { ($0.approximateLastSignInDateTime ?? now) < stale })
    #expect(devices.contains { ($0.approximateLastSignInDateTime ?? stale) > now.addingTimeInterval(-86_400 * 7) })
    #expect(devices.contains { $0.approximateLastSignInDateTime == nil && $0.ownerIds.isEmpty })
    #expect(devices.contains { !$0.accountEnabled })
    #expect(devices.allSatisfy { $0.registrationDateTime <= ($0.approximateLastSignInDateTime ?? now) })
    // People's own devices are stale too, not only the ownerless ones.
    #expect(
      devices.contains { device in
        device.userIds.contains { directory.user(idOrUPN: $0) != nil }
          && (device.approximateLastSignInDateTime ?? now) < stale
      })
    // The Build Agents group's devices are the same objects, by id.
    #expect(Set(directory.devices.map(\.id)).isSubset(of: Set(devices.map(\.id))))
    // Owners: most people hold one to three devices, some none; some owners have left.
    let set = DeviceSet(devices)
    let counts = directory.users.map { set.devices(ofUser: $0.id, owned: false).count }
    #expect(counts.contains(0) && counts.contains(1) && counts.contains(3) && counts.max()! <= 4)
    #expect(devices.contains { !$0.ownerIds.isEmpty && $0.ownerIds.allSatisfy { directory.user(idOrUPN: $0) == nil } })
    for user in directory.users.prefix(60) {
      let owned = Set(set.devices(ofUser: user.id, owned: true).map(\.id))
      #expect(owned.isSubset(of: Set(set.devices(ofUser: user.id, owned: false).map(\.id))))
    }
  }

  @Test("list: every device once over nextLink pages, $top, $count, $select, Graph's page-size rules")
  func paging() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.deviceScope).accessToken
      let total = try Self.tenant(h).devices.current.devices.devices.count
      let first = try await h.graph("/v1.0/devices", token: token)
      #expect(first.status == 200, "\(first.text.prefix(300))")
      #expect(first["@odata.context"]?.hasSuffix("/v1.0/$metadata#devices") == true)
      #expect(Self.values(first).count == min(100, total))
      let device = try #require(Self.values(first).first)
      #expect(Set(device.keys) == Set(DeviceQuery.properties))
      #expect(device["isCompliant"] is Bool && device["registrationDateTime"] is String)

      let round = try await Self.all(
        h, token, from: "/v1.0/devices?$top=7&$count=true&$select=displayName,trustType", headers: Self.eventual)
      #expect(round.pages == (total + 6) / 7)
      #expect(round.values.count == total && Set(round.values.compactMap { $0["id"] as? String }).count == total)
      #expect(round.values.allSatisfy { Set($0.keys) == ["id", "displayName", "trustType"] })
      let counted = try await h.graph("/v1.0/devices?$top=1&$count=true", token: token, headers: Self.eventual)
      #expect(counted.json["@odata.count"] as? Int == total)
      // $count needs the advanced-query header; $top stays within 1…999.
      #expect(try await h.graph("/v1.0/devices?$count=true", token: token).json["@odata.count"] == nil)
      let plain = try await h.graph("/v1.0/devices/$count", token: token, headers: Self.eventual)
      #expect(plain.status == 200 && plain.text == String(total))
      for top in ["0", "1000"] {
        let refused = try await h.graph("/v1.0/devices?$top=\(top)", token: token)
        #expect(refused.status == 400)
        GraphShape.expectError(refused, code: "Request_UnsupportedQuery")
      }
      let unknown = try await h.graph("/v1.0/devices?$select=color", token: token)
      #expect(unknown.status == 400 && unknown.text.contains("microsoft.graph.device"))
    }
  }

  @Test("$search on displayName needs ConsistencyLevel; $filter on Graph's filterable properties")
  func searchAndFilter() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.deviceScope).accessToken
      let search = "/v1.0/devices?$search=\(SandboxHarness.q("\"displayName:iphone\""))&$count=true"
      let refused = try await h.graph(search, token: token)
      #expect(refused.status == 400)
      GraphShape.expectError(refused, code: "Request_UnsupportedQuery")
      let found = try await h.graph(search, token: token, headers: Self.eventual)
      #expect(found.status == 200, "\(found.text.prefix(300))")
      let names = Self.values(found).compactMap { $0["displayName"] as? String }
      #expect(!names.isEmpty && names.allSatisfy { $0.localizedCaseInsensitiveContains("iphone") })
      #expect(found.json["@odata.count"] as? Int == names.count)

      func filtered(_ filter: String, advanced: Bool = false) async throws -> Reply {
        let count = advanced ? "&$count=true" : ""
        return try await h.graph(
          "/v1.0/devices?$top=999\(count)&$filter=\(SandboxHarness.q(filter))", token: token,
          headers: advanced ? Self.eventual : [])
      }
      let hybrid = try await filtered("trustType eq 'ServerAd'")
      #expect(
        !Self.values(hybrid).isEmpty && Self.values(hybrid).allSatisfy { $0["trustType"] as? String == "ServerAd" })
      let laptops = try await filtered("startswith(displayName,'laptop-')")
      #expect(Self.values(laptops).allSatisfy { ($0["displayName"] as? String)?.hasPrefix("LAPTOP-") == true })
      let disabled = try await filtered("accountEnabled eq false and operatingSystem in ('Windows','iOS')")
      #expect(Self.values(disabled).allSatisfy { $0["accountEnabled"] as? Bool == false })
      // `ne` only in an advanced query; manufacturer is not filterable.
      #expect(try await filtered("isManaged ne true").status == 400)
      #expect(try await filtered("isManaged ne true", advanced: true).status == 200)
      let manufacturer = try await filtered("manufacturer eq 'Apple'")
      #expect(manufacturer.status == 400)
      GraphShape.expectError(manufacturer, code: "Request_UnsupportedQuery")
      let sorted = try await h.graph("/v1.0/devices?$orderby=displayName&$top=999&$select=displayName", token: token)
      let order = Self.values(sorted).compactMap { $0["displayName"] as? String }
      let all = try Self.tenant(h).devices.current.devices.devices
      #expect(order == (try DeviceQuery.run(UserListQuery(orderby: "displayName"), over: all)).map(\.displayName))
      #expect(order.first?.lowercased() ?? "" <= order.last?.lowercased() ?? "")
    }
  }

  @Test("without Device.Read.All or Directory.Read.All: 403 Authorization_RequestDenied in Graph's shape")
  func permission() async throws {
    try await SandboxHarness.withManualClock { h in
      let without = try await h.signIn(scope: "openid profile offline_access User.Read User.Read.All").accessToken
      let id = try #require(try Self.tenant(h).devices.current.devices.devices.first?.id)
      for path in [
        "/v1.0/devices", "/v1.0/devices/\(id)", "/v1.0/devices/\(id)/registeredOwners", "/v1.0/devices/delta",
      ] {
        let refused = try await h.graph(path, token: without)
        #expect(refused.status == 403, "\(path)")
        GraphShape.expectError(refused, code: "Authorization_RequestDenied")
      }
      let directory = try await h.signIn(scope: "openid profile offline_access User.Read Directory.Read.All")
        .accessToken
      #expect(try await h.graph("/v1.0/devices/\(id)", token: directory).status == 200)
      let missing = try await h.graph("/v1.0/devices/\(UUID().uuidString.lowercased())", token: directory)
      #expect(missing.status == 404)
      GraphShape.expectError(missing, code: "Request_ResourceNotFound")
    }
  }

  @Test("devices go through the fault injector and spend resource units like any identity request")
  func faultsAndThrottle() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.deviceScope).accessToken
      try await h.addFault(["match": "/v1.0/devices*", "kind": "status", "status": 503, "count": 1])
      let failed = try await h.graph("/v1.0/devices", token: token)
      #expect(failed.status == 503)
      GraphShape.expectError(failed, code: "serviceNotAvailable")
      let served = try await h.graph("/v1.0/devices?$top=5", token: token)
      #expect(served.status == 200 && served.header("x-ms-resource-unit") == "1")
    }
  }

  @Test("registeredOwners and registeredUsers: users with @odata.type; limited without a user permission")
  func registeredOwners() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.deviceScope).accessToken
      let devices = try Self.tenant(h).devices.current.devices.devices
      let owned = try #require(
        devices.first { !$0.ownerIds.isEmpty && h.sandbox.tenant?.directory.user(idOrUPN: $0.ownerIds[0]) != nil })
      let owners = try await h.graph("/v1.0/devices/\(owned.id)/registeredOwners", token: token)
      #expect(owners.status == 200, "\(owners.text.prefix(300))")
      #expect(owners["@odata.context"]?.hasSuffix("$metadata#directoryObjects") == true)
      let owner = try #require(Self.values(owners).first)
      #expect(owner["@odata.type"] as? String == "#microsoft.graph.user")
      #expect(owner["id"] as? String == owned.ownerIds[0] && owner["displayName"] is String)
      let selected = try await h.graph("/v1.0/devices/\(owned.id)/registeredOwners?$select=displayName", token: token)
      #expect(Self.values(selected).allSatisfy { Set($0.keys) == ["@odata.type", "id", "displayName"] })
      // A shared device: its user is registered, nobody owns it.
      let shared = try #require(devices.first { $0.ownerIds.isEmpty && !$0.userIds.isEmpty })
      #expect(Self.values(try await h.graph("/v1.0/devices/\(shared.id)/registeredOwners", token: token)).isEmpty)
      #expect(Self.ids(try await h.graph("/v1.0/devices/\(shared.id)/registeredUsers", token: token)) == shared.userIds)
      // Device.Read.All alone reads the device but sees its owner as id and type only.
      let devicesOnly = try await h.signIn(scope: "openid profile offline_access User.Read Device.Read.All").accessToken
      let limited = Self.values(try await h.graph("/v1.0/devices/\(owned.id)/registeredOwners", token: devicesOnly))
      #expect(limited.count == 1 && limited.allSatisfy { Set($0.keys) == ["@odata.type", "id"] })
    }
  }

  @Test("an owner who left: the device stays, its registeredOwners is empty")
  func ownerLeft() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.deviceScope).accessToken
      let tenant = try Self.tenant(h)
      let devices = tenant.devices.current.devices.devices
      let gone = try #require(
        devices.first { !$0.ownerIds.isEmpty && tenant.directory.user(idOrUPN: $0.ownerIds[0]) == nil })
      #expect(try await h.graph("/v1.0/devices/\(gone.id)", token: token).status == 200)
      let none = try await h.graph("/v1.0/devices/\(gone.id)/registeredOwners", token: token)
      #expect(none.status == 200 && Self.values(none).isEmpty)
      // Someone leaves now: their phone stays, owned by no one Graph can show.
      let leaver = try #require(
        devices.first { device in
          device.trustType == "Workplace" && device.ownerIds.first.map { $0 != tenant.directory.defaultUser.id } == true
            && tenant.directory.user(idOrUPN: device.ownerIds[0]) != nil
        })
      #expect(Self.values(try await h.graph("/v1.0/devices/\(leaver.id)/registeredOwners", token: token)).count == 1)
      #expect(try await h.delete("/_sandbox/users/\(leaver.ownerIds[0])?permanent=true").status == 200)
      #expect(try await h.graph("/v1.0/devices/\(leaver.id)", token: token).status == 200)
      #expect(Self.values(try await h.graph("/v1.0/devices/\(leaver.id)/registeredOwners", token: token)).isEmpty)
    }
  }

  @Test("a user's registeredDevices and ownedDevices: oneself with User.Read, others with User.Read.All")
  func userDevices() async throws {
    try await SandboxHarness.withManualClock { h in
      let tenant = try Self.tenant(h)
      let set = tenant.devices.current.devices
      let basic = try await h.signIn(scope: "openid profile offline_access User.Read").accessToken
      let me = try await h.graph("/v1.0/me/registeredDevices", token: basic)
      #expect(me.status == 200)
      #expect(Self.ids(me) == set.devices(ofUser: tenant.directory.defaultUser.id, owned: false).map(\.id))
      #expect(Self.values(me).allSatisfy { $0["@odata.type"] as? String == "#microsoft.graph.device" })
      let person = try #require(tenant.directory.users.first { set.devices(ofUser: $0.id, owned: false).count == 3 })
      #expect(try await h.graph("/v1.0/users/\(person.id)/registeredDevices", token: basic).status == 403)
      let reader = try await h.signIn(scope: "openid profile offline_access User.Read.All").accessToken
      let registered = try await h.graph(
        "/v1.0/users/\(person.id)/registeredDevices?$select=displayName,approximateLastSignInDateTime", token: reader)
      let owned = try await h.graph("/v1.0/users/\(person.id)/ownedDevices", token: reader)
      #expect(Self.ids(registered).count == 3 && Set(Self.ids(owned)).isSubset(of: Set(Self.ids(registered))))
      #expect(
        Self.values(registered).allSatisfy {
          Set($0.keys) == ["@odata.type", "id", "displayName", "approximateLastSignInDateTime"]
        })
      let paged = try await Self.all(h, reader, from: "/v1.0/users/\(person.id)/registeredDevices?$top=1")
      #expect(paged.pages == 3 && paged.values.compactMap { $0["id"] as? String } == Self.ids(registered))
      #expect(try await h.graph("/v1.0/me/registeredDevices?$select=colour", token: basic).status == 400)
      // Both sides agree: each owned device names the person among its registered owners.
      let withDevices = try await h.signIn(scope: Self.deviceScope).accessToken
      for id in Self.ids(owned) {
        let owners = try await h.graph("/v1.0/devices/\(id)/registeredOwners", token: withDevices)
        #expect(Self.ids(owners) == [person.id])
      }
    }
  }

  @Test("delta: a first round over pages, then only the changes, removals marked")
  func delta() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.deviceScope).accessToken
      let tenant = try Self.tenant(h)
      let total = tenant.devices.current.devices.devices.count
      let small = [("Prefer", "odata.maxpagesize=30")]
      let first = try await Self.all(
        h, token, from: "/v1.0/devices/delta?$select=displayName,accountEnabled", headers: small)
      #expect(first.pages == (total + 29) / 30)
      #expect(Set(first.values.compactMap { $0["id"] as? String }).count == total)
      #expect(first.values.allSatisfy { Set($0.keys) == ["id", "displayName", "accountEnabled"] })
      let deltaLink = try #require(first.last["@odata.deltaLink"])
      let quiet = try await h.graph(deltaLink, token: token)
      #expect(quiet.status == 200 && Self.values(quiet).isEmpty)
      let quietLink = try #require(quiet["@odata.deltaLink"])

      let devices = tenant.devices.current.devices.devices
      let (disabled, removed) = (devices[10].id, devices[11].id)
      try tenant.devices.apply([.setAccountEnabled(id: disabled, false), .remove(id: removed, permanent: true)])
      let changes = try await h.graph(quietLink, token: token)
      #expect(changes.status == 200)
      let changed = Self.values(changes)
      #expect(changed.count == 2)
      #expect(changed.contains { $0["id"] as? String == disabled && $0["accountEnabled"] as? Bool == false })
      #expect(
        changed.contains {
          $0["id"] as? String == removed && ($0["@removed"] as? [String: Any])?["reason"] as? String == "deleted"
        })
      #expect(try await h.graph("/v1.0/devices/\(removed)", token: token).status == 404)

      let garbled = try await h.graph("/v1.0/devices/delta?$deltatoken=nonsense", token: token)
      GraphShape.expectError(garbled, code: "syncStateNotFound")
      let top = try await h.graph("/v1.0/devices/delta?$top=5", token: token)
      #expect(top.status == 400)
      let latest = try await h.graph("/v1.0/devices/delta?$deltatoken=latest", token: token)
      #expect(Self.values(latest).isEmpty && latest["@odata.deltaLink"] != nil)
      let one = try await h.graph(
        "/v1.0/devices/delta?$filter=\(SandboxHarness.q("id eq '\(disabled)'"))", token: token)
      #expect(Self.ids(one) == [disabled])
    }
  }

  @Test("hostile display names arrive intact and JSON-escaped")
  func hostileNames() async throws {
    try await SandboxHarness.withManualClock { h in
      let token = try await h.signIn(scope: Self.deviceScope).accessToken
      let reply = try await h.graph("/v1.0/devices?$top=\(DemoDevices.names.count)&$select=displayName", token: token)
      #expect(reply.status == 200)
      #expect(Self.values(reply).compactMap { $0["displayName"] as? String } == DemoDevices.names)
      // No raw control character reaches the wire: each is a JSON escape.
      #expect(!reply.body.contains { $0 < 0x20 })
      for escaped in [#"\u001b[31m"#, #"\u0007"#, #"\u0000"#, #"\t"#, #"\n"#, #"\b"#, #"\"Work\""#, #"\\ 2"#] {
        #expect(reply.text.contains(escaped), "\(escaped)")
      }
    }
  }
}
