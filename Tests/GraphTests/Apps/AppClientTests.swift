import Foundation
import RosterCore
import SearchRules
import TestSupport
import Testing
import Transport

@testable import Graph
@testable import Sandbox

/// `KindClient.apps` against the sandbox's `/applications` and `/servicePrincipals`: `$search`
/// by a word of the name, a pane with owners, the other half found by `appId` and what the app
/// may do in words, a certificate listed for Sign and Verify counted once, Application.Read.All
/// named on a refusal, hostile names cleaned.
@Suite struct AppClientTests {
  static let scope =
    "openid profile offline_access User.Read User.ReadBasic.All Application.Read.All Directory.Read.All"
  /// Lists apps, but not their delegated grants (serviceprincipal-list-oauth2permissiongrants).
  static let withoutGrants = "openid profile offline_access User.Read User.ReadBasic.All Application.Read.All"

  static func withClients<Result>(
    scope: String = scope,
    _ body: (_ registrations: KindClient, _ enterprise: KindClient, SandboxHarness) async throws -> Result
  ) async throws -> Result {
    try await SandboxHarness.with { harness in
      let tokens = try await SandboxTokens.signIn(harness.sandbox, scope: scope, transport: harness.transport)
      let configuration = try GraphConfiguration(
        endpoint: harness.sandbox.graphURL, retry: RetryPolicy(maxRetries: 3, random: { 0.5 }))
      let registrations = KindClient.apps(
        RegistrationFlavor.self, configuration: configuration, tokens: tokens, transport: harness.transport,
        sleep: { _ in })
      let enterprise = KindClient.apps(
        EnterpriseFlavor.self, configuration: configuration, tokens: tokens, transport: harness.transport,
        sleep: { _ in })
      return try await body(registrations, enterprise, harness)
    }
  }

  static func search<Flavor: AppFlavor>(
    _ flavor: Flavor.Type, _ client: KindClient, _ text: String, pageSize: Int = 999
  )
    async -> Result<ItemPage<AppObject<Flavor>>, DirectoryError>?
  {
    await client.search(KindQuery(Flavor.kind, ItemQuery(text: text, pageSize: pageSize))) { _ in }
      .value(as: Result<ItemPage<AppObject<Flavor>>, DirectoryError>.self)
  }

  static func detail<Flavor: AppFlavor>(_ flavor: Flavor.Type, _ client: KindClient, _ id: String)
    async -> Result<AppDetail<Flavor>, DirectoryError>?
  {
    await client.detail(id).value(as: Result<AppDetail<Flavor>, DirectoryError>.self)
  }

  @Test func aWordOfTheNameFindsAppsWithTheirCredentialsPageByPage() async throws {
    try await Self.withClients { registrations, _, harness in
      let apps = try #require(harness.sandbox.tenant).appRegistrations.applications
      let payroll = apps.filter { $0.displayName.lowercased().contains("payroll") }
      #expect(payroll.count > 2)
      let all = try #require(await Self.search(RegistrationFlavor.self, registrations, "payroll")).get()
      #expect(Set(all.items.map(\.id)) == Set(payroll.map(\.id)))
      let sample = try #require(payroll.first { !$0.passwordCredentials.isEmpty })
      let found = try #require(all.items.first { $0.id == sample.id })
      #expect(found.appId == sample.appId && found.passwordCredentials.count == sample.passwordCredentials.count)
      #expect(found.passwordCredentials.map(\.endDateTime) == sample.passwordCredentials.map(\.endDateTime))

      let first = try #require(await Self.search(RegistrationFlavor.self, registrations, "payroll", pageSize: 2)).get()
      let cursor = try #require(first.next)
      #expect(first.items.count == 2)
      let second = try #require(
        await registrations.nextPage(cursor).value(as: Result<ItemPage<AppRegistration>, DirectoryError>.self)
      ).get()
      #expect(Set(second.items.map(\.id)).isDisjoint(with: first.items.map(\.id)) && !second.items.isEmpty)
    }
  }

  @Test func anAppsPaneNamesItsOwnersItsEnterpriseAppAndWhatItMayDo() async throws {
    try await Self.withClients { registrations, enterprise, harness in
      let set = try #require(harness.sandbox.tenant).appRegistrations
      let granted = Set(
        set.permissionGrants.map { $0.clientId.lowercased() } + set.roleGrants.map { $0.principalId.lowercased() })
      let app = try #require(
        set.applications.first { app in
          !app.ownerIds.isEmpty
            && set.servicePrincipal(appId: app.appId).map { granted.contains($0.id.lowercased()) } == true
        })
      let principal = try #require(set.servicePrincipal(appId: app.appId))
      let detail = try #require(await Self.detail(RegistrationFlavor.self, registrations, app.id)).get()
      #expect(detail.app.id == app.id && !detail.fromIndex)
      #expect(detail.owners != nil)
      guard case .found(let other) = detail.counterpart else {
        Issue.record("the enterprise app was not found: \(detail.counterpart)")
        return
      }
      #expect(other.id == principal.id)
      let permissions = try #require(detail.permissions)
      #expect(!permissions.isEmpty)
      #expect(permissions.allSatisfy { !$0.resource.string.isEmpty && !$0.words.isEmpty })
      #expect(detail.walkable.last == .item(AnyListedItem(other)))

      // And back: the enterprise app names its registration and the same permissions.
      let back = try #require(await Self.detail(EnterpriseFlavor.self, enterprise, principal.id)).get()
      guard case .found(let registration) = back.counterpart else {
        Issue.record("the registration was not found: \(back.counterpart)")
        return
      }
      #expect(registration.id == app.id && back.permissions == detail.permissions)
    }
  }

  @Test func anotherOrganisationsAppHasNoRegistrationHereAndItsRolesReadInWords() async throws {
    try await Self.withClients { _, enterprise, harness in
      let set = try #require(harness.sandbox.tenant).appRegistrations
      let graph = try #require(set.servicePrincipals.first { $0.appId == "00000003-0000-0000-c000-000000000000" })
      let detail = try #require(await Self.detail(EnterpriseFlavor.self, enterprise, graph.id)).get()
      #expect(detail.counterpart == .none)
      #expect(detail.app.isOwnApp(tenantId: harness.sandbox.tenantId) == false)

      // An app holding an app role on Microsoft Graph: the role reads as its value and description.
      let holder = try #require(set.roleGrants.first { $0.resourceId.lowercased() == graph.id.lowercased() })
      let held = try #require(await Self.detail(EnterpriseFlavor.self, enterprise, holder.principalId)).get()
      let role = try #require(held.permissions?.first { $0.kind == .application })
      #expect(role.resource.string == "Microsoft Graph" && role.value.string.contains("."))
      #expect(role.words.contains("as itself"))
    }
  }

  @Test func withoutDirectoryReadAllTheRolesListAndTheGrantsSayWhatTheyNeed() async throws {
    try await Self.withClients(scope: Self.withoutGrants) { _, enterprise, harness in
      let set = try #require(harness.sandbox.tenant).appRegistrations
      let holder = try #require(set.roleGrants.first)
      let detail = try #require(await Self.detail(EnterpriseFlavor.self, enterprise, holder.principalId)).get()
      #expect(detail.grantsNeed == "Directory.Read.All")
      #expect(detail.permissions?.contains { $0.kind == .application } == true)
      #expect(detail.permissions?.contains { $0.kind == .delegated } == false)
    }
  }

  @Test func aCertificateListedForSignAndVerifyCountsOnce() async throws {
    try await Self.withClients { _, enterprise, harness in
      let set = try #require(harness.sandbox.tenant).appRegistrations
      let saml = try #require(set.servicePrincipals.first { $0.keyCredentials.count == 2 })
      let read = try #require(await Self.detail(EnterpriseFlavor.self, enterprise, saml.id)).get().app
      #expect(read.keyCredentials.count == 2)
      #expect(read.credentials.filter { $0.kind == .certificate }.count == 1)
    }
  }

  @Test func withoutApplicationReadAllTheRefusalNamesIt() async throws {
    try await Self.withClients(scope: "openid profile offline_access User.Read") { registrations, _, _ in
      let answer = try #require(await Self.search(RegistrationFlavor.self, registrations, "payroll"))
      guard case .failure(.permissionDenied(let message)) = answer else {
        Issue.record("not refused: \(answer)")
        return
      }
      #expect(message.contains("Application.Read.All"))
    }
  }

  @Test func hostileNamesArriveCleaned() async throws {
    try await Self.withClients { registrations, _, _ in
      for word in ["payroll", "webhook", "tab"] {
        let page = try #require(await Self.search(RegistrationFlavor.self, registrations, word)).get()
        for app in page.items {
          #expect(
            !app.displayName.string.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x1B || $0 == "\u{202E}" })
        }
      }
    }
  }
}
