import Foundation
import Testing

@testable import RosterCore

/// The account section's rules: parts asked only with their scopes, one refusal never blanks the
/// rest, the two last-sign-in clocks said apart, retention, error words, licence names.
@Suite struct AccountHealthTests {
  static let now = Date(timeIntervalSince1970: 1_795_700_000)

  static func client(log: LockedLog = LockedLog()) -> HealthClient {
    HealthClient(
      accountState: { _, _ in
        log.add("state")
        return AccountState(accountEnabled: true, userType: "Member")
      },
      lastSignIn: { _, _ in
        log.add("lastSignIn")
        throw DirectoryError.permissionDenied("Last sign-in: needs Entra ID P1")
      },
      mfa: { _, _ in
        log.add("mfa")
        return MFARegistration(isMfaRegistered: true, methodsRegistered: ["microsoftAuthenticatorPush"])
      },
      licences: { _, _ in
        log.add("licences")
        throw DirectoryError.offline("no network")
      },
      devices: { _, _ in
        log.add("devices")
        return []
      },
      signIns: { _, _ in [] })
  }

  @Test func aColleagueBrowserIsAskedNothingAndSeesNoError() async {
    let log = LockedLog()
    let health = await Self.client(log: log).accountHealth(id: "x", scopes: ["User.ReadBasic.All"])
    #expect(log.entries.isEmpty)
    #expect(health.state == .lacking(["User.Read.All"]))
    let lines = HealthText.lines(health, now: Self.now)
    #expect(!lines.contains { $0.contains("refused") || $0.contains("could not") })
  }

  @Test func oneRefusalLeavesTheOtherParts() async {
    let log = LockedLog()
    let scopes = ["https://graph.microsoft.com/User.Read.All", "AuditLog.Read.All", "Directory.Read.All"]
    let health = await Self.client(log: log).accountHealth(id: "x", scopes: scopes)
    #expect(Set(log.entries) == ["state", "lastSignIn", "mfa", "licences", "devices"])
    #expect(health.state.value?.accountEnabled == true)
    #expect(health.lastSignIn == .refused("Last sign-in: needs Entra ID P1"))
    #expect(health.mfa.value?.isMfaRegistered == true)
    #expect(health.licences == .failed(.offline("no network")))
    #expect(health.devices == .loaded([]))
  }

  @Test func theTwoLastSignInClocksAreSaidApart() {
    let health = AccountHealth(
      lastSignIn: .loaded(
        LastSignIn(
          lastSuccessfulSignInDateTime: Self.now.addingTimeInterval(-3 * 86_400),
          lastSignInDateTime: Self.now.addingTimeInterval(-3_600))))
    let lines = HealthText.lines(health, now: Self.now)
    #expect(lines.contains { $0.hasPrefix("Last successful sign-in (") && $0.contains("3 days ago") })
    #expect(lines.contains { $0.contains("moves on failures too") && $0.contains("1 hour ago") })
  }

  @Test func requirementsNameEveryPermissionAndTheRole() {
    let signIns = HealthPart.signIns.requirement
    #expect(signIns.missing(from: ["AuditLog.Read.All"]) == ["Directory.Read.All"])
    #expect(signIns.explanation.contains("Reports Reader") && signIns.explanation.contains("P1"))
    #expect(HealthPart.state.requirement.isGranted(by: ["Directory.Read.All"]))
    #expect(!HealthPart.mfa.requirement.isGranted(by: ["User.Read.All"]))
  }

  @Test func retentionIsSaidOnlyPastThirtyDays() {
    #expect(SignInRetention.note(since: Self.now.addingTimeInterval(-7 * 86_400), now: Self.now) == nil)
    #expect(SignInRetention.note(since: Self.now.addingTimeInterval(-45 * 86_400), now: Self.now) != nil)
    #expect(SignInRetention.note(since: nil, now: Self.now) == nil)
  }

  @Test(arguments: [
    (50126, "password"), (50074, "MFA"), (50076, "Multi-factor"), (53003, "Conditional Access"),
    (50057, "disabled"), (50055, "expired"), (90072, "Guest"),
  ])
  func commonSignInErrorsAreExplained(_ code: Int, _ word: String) {
    let entry = SignInLogEntry(id: "s", createdDateTime: Self.now, errorCode: code)
    #expect(entry.explanation.contains(word), "\(code): \(entry.explanation)")
  }

  @Test func aSignInLineCarriesTimeAppPlaceAndConditionalAccess() {
    let entry = SignInLogEntry(
      id: "s", createdDateTime: Self.now.addingTimeInterval(-120), appDisplayName: "Teams", clientAppUsed: "Browser",
      ipAddress: "192.0.2.1", city: "Oslo", countryOrRegion: "NO", errorCode: 53003, conditionalAccessStatus: "failure",
      failedPolicies: ["Block abroad"])
    let line = HealthText.signInLine(entry, now: Self.now)
    #expect(line.contains("2 minutes ago") && line.contains("FAILED 53003") && line.contains("Teams"))
    #expect(line.contains("192.0.2.1 (Oslo, NO)") && line.contains("Conditional Access failed: Block abroad"))
  }

  @Test func licenceNamesComeFromTheTableAndUnknownSkusStayRaw() {
    #expect(Licence(skuPartNumber: "SPE_E5").productName == "Microsoft 365 E5")
    #expect(Licence(skuPartNumber: "NOT_A_SKU").productName == "NOT_A_SKU")
    #expect(!LicenceCatalog.asOf.isEmpty && LicenceCatalog.source.contains("Product names and service plan"))
    // Rows read from the CSV copy, looked up whatever the case Graph gives.
    #expect(Licence(skuPartNumber: "AAD_PREMIUM").productName == "Microsoft Entra ID P1")
    #expect(Licence(skuPartNumber: "SPB").productName == "Microsoft 365 Business Premium")
    #expect(Licence(skuPartNumber: "clipchamp_premium").productName == "Clipchamp Premium")
    #expect(Licence(skuPartNumber: "ENTERPRISEPACK").productName == "Office 365 E3")
    #expect(LicenceCatalog.names.count > 200)
  }
}

/// A thread-safe list of what a fake was asked.
final class LockedLog: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func add(_ item: String) { lock.withLock { items.append(item) } }
  var entries: [String] { lock.withLock { items } }
}
