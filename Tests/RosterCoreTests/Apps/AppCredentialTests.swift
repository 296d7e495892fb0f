import Foundation
import RosterCore
import Testing

/// `AppObject.credentials` (soonest end first, a certificate listed for Sign and Verify counted
/// once, those without an end last) and `ExpiryWords` (whole UTC days in words).
@Suite struct AppCredentialTests {
  /// 2027-01-15 08:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let day: TimeInterval = 86_400

  @Test func credentialsAreSoonestFirstWithoutAnEndLast() {
    let app = AppRegistration(
      id: "a-1", displayName: "Payroll",
      passwordCredentials: [
        PasswordCredential(
          keyId: "s-late", displayName: "late", endDateTime: Self.now.addingTimeInterval(90 * Self.day)),
        PasswordCredential(keyId: "s-none", hint: "Xq7", endDateTime: nil),
        PasswordCredential(keyId: "s-past", displayName: "past", endDateTime: Self.now.addingTimeInterval(-Self.day)),
      ],
      keyCredentials: [
        KeyCredential(keyId: "k-soon", displayName: "soon", endDateTime: Self.now.addingTimeInterval(5 * Self.day))
      ])
    #expect(app.credentials.map(\.keyId) == ["s-past", "k-soon", "s-late", "s-none"])
    #expect(app.credentials.map(\.kind) == [.secret, .certificate, .secret, .secret])
    #expect(app.credentials.last?.name == "Xq7…", "a secret without a name is named by its hint")
    #expect(app.soonestCredentialEnd == Self.now.addingTimeInterval(-Self.day))
  }

  @Test func aSigningCertificateListedTwiceIsOne() {
    let end = Self.now.addingTimeInterval(30 * Self.day)
    let app = EnterpriseApp(
      id: "sp-1", displayName: "SAML app",
      keyCredentials: [
        KeyCredential(keyId: "k-sign", customKeyIdentifier: "THUMB", usage: "Sign", endDateTime: end),
        KeyCredential(keyId: "k-verify", customKeyIdentifier: "THUMB", usage: "Verify", endDateTime: end),
        KeyCredential(keyId: "k-other", customKeyIdentifier: "OTHER", usage: "Verify", endDateTime: end),
        // Without a thumbprint there is nothing to match: each is its own.
        KeyCredential(keyId: "k-a", customKeyIdentifier: "", endDateTime: end),
        KeyCredential(keyId: "k-b", endDateTime: end),
      ])
    #expect(app.credentials.map(\.keyId) == ["k-sign", "k-other", "k-a", "k-b"], "equal ends keep Graph's order")
    #expect(app.credentials.first?.name == "THUMB", "a certificate without a name is named by its thumbprint")
  }

  @Test func noCredentialsHasNoSoonestEnd() {
    let app = AppRegistration(id: "a-2", displayName: "Empty")
    #expect(app.credentials.isEmpty)
    #expect(app.soonestCredentialEnd == nil)
  }

  @Test(arguments: [
    (-400.0, "expired 13 months ago"), (-40, "expired 40 days ago"), (-1, "expired 1 day ago"),
    (-0.1, "expired today"), (0.1, "expires today"), (1, "expires tomorrow"), (12, "expires in 12 days"),
    (59, "expires in 59 days"), (60, "expires in 2 months"), (130, "expires in 4 months"),
    (729, "expires in 24 months"), (730, "expires in 2 years"),
  ])
  func expiryInWords(days: Double, words: String) {
    #expect(ExpiryWords.phrase(Self.now.addingTimeInterval(days * Self.day), now: Self.now) == words)
  }

  @Test func noEndNeverExpires() {
    #expect(ExpiryWords.phrase(nil, now: Self.now) == "never expires")
  }

  /// Days are calendar days in UTC: ten minutes past midnight is "tomorrow" at 23:55.
  @Test func daysAreCountedByTheUTCCalendarDay() {
    let late = Date(timeIntervalSince1970: 1_800_000_000 - 8 * 3_600 + 23 * 3_600 + 55 * 60)
    let early = late.addingTimeInterval(15 * 60)
    #expect(ExpiryWords.daysLeft(early, now: late) == 1)
    #expect(ExpiryWords.phrase(early, now: late) == "expires tomorrow")
  }
}
