import Foundation
import Testing

@testable import RosterCore

/// Issue 40 items 1 and 8 in words: a part Microsoft Graph answered without its data is
/// "unknown" and says what it needs, never "cloud-only", "not set" or "none recorded"; with the
/// data, Graph's nulls are facts; the three sign-in clocks are each named for what they count.
@Suite struct HealthFactsTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func aStateGraphDidNotReturnIsUnknownNotAFact() {
    let lines = HealthText.lines(AccountHealth(state: .loaded(AccountState())), now: Self.now)
    #expect(lines.count == 2, "\(lines)")
    #expect(lines[1].hasPrefix("Account state: unknown") && lines[1].contains("User.Read.All or Directory.Read.All"))
    for fact in ["Cloud-only", "Usage location", "not set", "Enabled"] {
      #expect(!lines.contains { $0.contains(fact) }, "\(fact): \(lines)")
    }
  }

  @Test func aReturnedStatesNullsAreGraphsFacts() {
    let state = AccountState(accountEnabled: true, userType: "Member")
    let lines = HealthText.lines(AccountHealth(state: .loaded(state)), now: Self.now)
    #expect(lines.contains("Cloud-only (not synced from on-premises AD)"))
    #expect(lines.contains("Usage location: not set (licences cannot be assigned)"))
    #expect(HealthText.notReturned(state) == nil)
  }

  @Test func noSignInActivityIsUnknownNotNoneRecorded() {
    let last = LastSignIn(activityReturned: false)
    let lines = HealthText.lines(AccountHealth(lastSignIn: .loaded(last)), now: Self.now)
    #expect(
      lines == ["Account", "Last sign-in: unknown — Microsoft Graph returned no sign-in activity for this account"])
  }

  @Test func theThreeClocksAreEachNamed() {
    let last = LastSignIn(
      lastSuccessfulSignInDateTime: Self.now.addingTimeInterval(-3 * 86_400),
      lastSignInDateTime: Self.now.addingTimeInterval(-3_600),
      lastNonInteractiveSignInDateTime: Self.now.addingTimeInterval(-120))
    let lines = HealthText.lines(AccountHealth(lastSignIn: .loaded(last)), now: Self.now)
    #expect(lines.contains { $0.hasPrefix("Last successful sign-in (interactive or not):") && $0.contains("3 days") })
    #expect(lines.contains { $0.hasPrefix("Last interactive sign-in attempt") && $0.contains("1 hour ago") })
    #expect(lines.contains { $0.hasPrefix("Last non-interactive sign-in attempt:") && $0.contains("2 minutes ago") })
  }

  @Test func aNonInteractiveSignInSaysSo() {
    let entry = SignInLogEntry(id: "s", createdDateTime: Self.now, errorCode: 50126, isInteractive: false)
    #expect(HealthText.signInLine(entry, now: Self.now).contains("non-interactive"))
    let own = SignInLogEntry(id: "t", createdDateTime: Self.now, errorCode: 50126, isInteractive: true)
    #expect(!HealthText.signInLine(own, now: Self.now).contains("non-interactive"))
  }
}
