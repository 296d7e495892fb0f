import Foundation

/// Builds the tenant's app registrations and enterprise apps from the seed and the directory: the
/// hostile names first (`DemoApps`), the service principals the "Build Agents" group already
/// lists (under their ids), then `count` apps of the tenant's own, then Microsoft's and vendors'
/// enterprise apps (another tenant owns them).
///
/// Each app draws from a random stream of its own, seeded by the seed and its position, so any one
/// app costs the same to make whatever `count` is (20,000 take a fraction of a second) and adding
/// apps changed no person, group, room or device. The first apps cycle through every credential
/// case (`Credentials`) so a small tenant holds them all; later ones draw them at random.
struct AppGenerator {
  let seed: UInt64
  let directory: Directory
  let now: Date
  let tenantId: String
  let count: Int

  /// Which credentials an app holds: the cases an expiry report must tell apart.
  enum Credentials: CaseIterable {
    case none, expiredSecret, secretDueInDays, secretDueInMonths, longSecret, rotatingSecret, certificate,
      expiredCertificate
  }

  static let words = [
    "Payroll", "Expenses", "Intranet", "Backup", "Reporting", "Helpdesk", "Onboarding", "Badge Reader", "Wiki", "CRM",
    "Invoice", "Timesheet", "Data Lake", "Monitoring", "Deploy", "Webhook", "Survey", "Booking", "Signage", "Archive",
  ]
  static let suffixes = ["API", "Sync", "Portal", "Connector", "Bot", "Automation", "Service", "Dashboard", "Export"]
  static let audiences = ["AzureADMyOrg", "AzureADMyOrg", "AzureADMyOrg", "AzureADMultipleOrgs"]

  /// Others' apps seen in every tenant (Microsoft's tenant id, well known) and vendors' apps with
  /// tenant ids of their own; `saml` ones carry a signing certificate of their own.
  static let microsoftTenant = "f8cdef31-a31e-4b4a-93e4-5f571e91255a"
  static let foreign: [(name: String, appId: String, tenant: String?, saml: Bool)] = [
    ("Microsoft Graph", "00000003-0000-0000-c000-000000000000", microsoftTenant, false),
    ("Office 365 Exchange Online", "00000002-0000-0ff1-ce00-000000000000", microsoftTenant, false),
    ("Microsoft Teams", "1fec8e78-bce4-4aaf-ab1b-5451cc387264", microsoftTenant, false),
    ("Salesforce", "", nil, true), ("Zoom", "", nil, false), ("Slack", "", nil, true),
    ("GitHub Enterprise", "", nil, true),
  ]

  func make() -> AppSet {
    var applications: [RegisteredApplication] = []
    var principals: [RegisteredServicePrincipal] = []
    var position = 0
    func add(_ name: String, appId: String? = nil, principalId: String? = nil) {
      var random = stream(0x3C6E_F372_FE94_F82B, position)
      let scenario =
        position < Credentials.allCases.count * 2
        ? Credentials.allCases[position % Credentials.allCases.count] : random.pick(Credentials.allCases)
      position += 1
      let (app, principal) = ownApp(name, scenario: scenario, appId: appId, principalId: principalId, &random)
      applications.append(app)
      principals.append(principal)
    }
    for name in DemoApps.names { add(name) }
    for principal in directory.servicePrincipals {
      add(principal.displayName, appId: principal.appId, principalId: principal.id)
    }
    for _ in 0..<count { add("") }
    for (index, app) in Self.foreign.enumerated() {
      var random = stream(0xA54F_F53A_5F1D_36F1, index)
      let appId = app.appId.isEmpty ? Self.guid(&random) : app.appId
      var principal = RegisteredServicePrincipal(
        id: Self.guid(&random), appId: appId, displayName: app.name,
        appOwnerOrganizationId: app.tenant ?? Self.guid(&random))
      if app.saml { principal.keyCredentials = signingPair(&random, endDays: 30 + random.below(700)) }
      if app.tenant == nil { principal.ownerIds = owners(&random) }
      if appId == MicrosoftResources.graphAppId {
        principal.appRoles = MicrosoftResources.graphRoles
        principal.oauth2PermissionScopes = MicrosoftResources.graphScopes
      } else if appId == MicrosoftResources.exchangeAppId {
        principal.appRoles = MicrosoftResources.exchangeRoles
      }
      principals.append(principal)
    }
    let (grants, roles) = permissions(for: principals)
    return AppSet(
      applications: applications, servicePrincipals: principals, permissionGrants: grants, roleGrants: roles)
  }

  /// One app registration of the tenant's and its enterprise app (same `appId` and name).
  private func ownApp(
    _ given: String, scenario: Credentials, appId: String?, principalId: String?, _ random: inout SeededRandom
  ) -> (RegisteredApplication, RegisteredServicePrincipal) {
    let name = given.isEmpty ? "\(random.pick(Self.words)) \(random.pick(Self.suffixes))" : given
    let created = now.addingTimeInterval(-Double(60 + random.below(1_500)) * 86_400).truncatedToSeconds
    var app = RegisteredApplication(
      id: Self.guid(&random), appId: appId ?? Self.guid(&random), displayName: name,
      signInAudience: random.pick(Self.audiences), createdDateTime: created)
    app.ownerIds = owners(&random)
    switch scenario {
    case .none: break
    case .expiredSecret: app.passwordCredentials = [secret(&random, endDays: -(1 + random.below(400)))]
    case .secretDueInDays: app.passwordCredentials = [secret(&random, endDays: 1 + random.below(13))]
    case .secretDueInMonths: app.passwordCredentials = [secret(&random, endDays: 30 + random.below(150))]
    case .longSecret: app.passwordCredentials = [secret(&random, endDays: 365 + random.below(365))]
    case .rotatingSecret:
      // The app made its next secret a month before the old one ends; both are valid meanwhile.
      let old = secret(&random, endDays: 1 + random.below(25))
      var next = secret(&random, endDays: 700)
      next.startDateTime = old.endDateTime.addingTimeInterval(-30 * 86_400)
      app.passwordCredentials = [old, next]
    case .certificate:
      app.keyCredentials = signingPair(&random, endDays: 5 + random.below(400))
    case .expiredCertificate:
      app.keyCredentials = signingPair(&random, endDays: -(1 + random.below(200)))
    }
    var principal = RegisteredServicePrincipal(
      id: principalId ?? Self.guid(&random), appId: app.appId, displayName: name, appOwnerOrganizationId: tenantId)
    // Switched off: every app whose certificate ran out, and a few others.
    principal.accountEnabled = scenario != .expiredCertificate && !random.chance(5)
    principal.ownerIds = random.chance(70) ? app.ownerIds : owners(&random)
    if random.chance(15) { principal.keyCredentials = signingPair(&random, endDays: -20 + random.below(800)) }
    return (app, principal)
  }

  /// None (one app in six), one who has left the directory (an id naming no one, one in ten),
  /// else one or two of the first people.
  func owners(_ random: inout SeededRandom) -> [String] {
    let people = min(directory.users.count, DeviceGenerator.peopleWithDevices)
    let roll = random.below(100)
    if roll < 16 || people == 0 { return [] }
    if roll < 26 { return [Self.guid(&random)] }
    let first = directory.users[random.below(people)].id
    guard random.chance(30) else { return [first] }
    let second = directory.users[random.below(people)].id
    return second == first ? [first] : [first, second]
  }

  private func secret(_ random: inout SeededRandom, endDays: Int) -> AppPasswordCredential {
    let end = now.addingTimeInterval(Double(endDays) * 86_400 + Double(random.below(86_400))).truncatedToSeconds
    let life = [180, 365, 730][random.below(3)]
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789~._-")
    return AppPasswordCredential(
      keyId: Self.guid(&random),
      displayName: random.chance(80) ? random.pick(["CI", "prod", "Key Vault", "local dev"]) : nil,
      hint: String((0..<3).map { _ in random.pick(alphabet) }),
      startDateTime: end.addingTimeInterval(-Double(life) * 86_400),
      endDateTime: end)
  }

  /// One certificate as Graph lists it after a SAML or client-certificate upload: a `Sign` and a
  /// `Verify` entry with the same thumbprint and dates, different key ids.
  private func signingPair(_ random: inout SeededRandom, endDays: Int) -> [AppKeyCredential] {
    let end = now.addingTimeInterval(Double(endDays) * 86_400).truncatedToSeconds
    let start = end.addingTimeInterval(-3 * 365 * 86_400)
    let hex = Array("0123456789ABCDEF")
    let thumbprint = String((0..<40).map { _ in random.pick(hex) })
    let name = "CN=Microsoft Azure Federated SSO Certificate"
    return ["Sign", "Verify"].map {
      AppKeyCredential(
        keyId: Self.guid(&random), customKeyIdentifier: thumbprint, displayName: name, usage: $0, startDateTime: start,
        endDateTime: end)
    }
  }

  /// The random stream of the app at `position`. Its start is hashed, not stepped: `SeededRandom`
  /// walks its state by a fixed step, so starts one step apart would be the same stream shifted,
  /// and neighbouring apps would share ids.
  func stream(_ salt: UInt64, _ position: Int) -> SeededRandom {
    var mixer = SeededRandom(seed: UInt64(position) ^ salt)
    return SeededRandom(seed: seed ^ mixer.next())
  }

  static func guid(_ random: inout SeededRandom) -> String {
    GUIDFormat.string(high: random.next(), low: random.next())
  }
}

extension AppSet {
  /// The generated tenant's apps (`AppGenerator`): `count` of the tenant's own besides the fixed
  /// ones; by default one per ten people, at least 40 and at most 20,000.
  public static func generated(
    seed: UInt64 = 1, directory: Directory, now: Date, tenantId: String, count: Int? = nil
  ) -> AppSet {
    let size = count ?? min(20_000, max(40, directory.users.count / 10))
    return AppGenerator(seed: seed, directory: directory, now: now, tenantId: tenantId, count: size).make()
  }
}

/// Hostile app names, first in every generated tenant's apps, in the style of `DemoDevices.names`:
/// an escape sequence, an OSC title change with a bell, a right-to-left override, a very long
/// name, control characters, quotes and a backslash, CJK.
public enum DemoApps {
  public static let names = [
    "Payroll \u{1B}[31mRED\u{1B}[0m Sync",
    "Webhook\u{1B}]0;owned\u{07}",
    "HR \u{202E}latrop\u{202C} Portal",
    String(repeating: "Legacy-Line-Of-Business-Integration-", count: 8),
    "Tab\tNew\nLine\u{0}Null\u{08}Back API",
    "O'Brien \"Ops\" Bot \\ 2",
    "東京オフィスの経費アプリ",
  ]
}
