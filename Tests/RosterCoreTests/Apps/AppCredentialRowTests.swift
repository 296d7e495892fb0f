import Foundation
import RosterCore
import Testing

/// A credential row keeps its fields in one shared box (issue 42): copies share it, and a change
/// to one copy leaves the others as they were.
@Suite struct AppCredentialRowTests {
  static func row(_ name: String = "Payroll", ends: Date? = Date(timeIntervalSinceReferenceDate: 1_000))
    -> AppCredentialRow
  {
    AppCredentialRow(
      appKind: .app, appObjectId: "0f6a", appId: "c1", appName: CleanText(name),
      due: AppCredentialDue(kind: .secret, keyId: "k1", name: CleanText("prod"), endDateTime: ends), position: 0,
      entry: AppCredentialRow.Entry(hint: CleanText("abc")))
  }

  @Test func aChangedCopyLeavesTheOriginal() {
    let original = Self.row()
    var copy = original
    #expect(copy == original)
    copy.entry = AppCredentialRow.Entry()
    copy.appName = CleanText("Billing")
    #expect(copy != original)
    #expect(original.entry.hint?.string == "abc" && original.appName.string == "Payroll")
    #expect(copy.entry.hint == nil && copy.appName.string == "Billing" && copy.appObjectId == "0f6a")
  }

  @Test func rowsMadeApartWithTheSameFieldsAreEqual() {
    #expect(Self.row() == Self.row())
    #expect(Self.row() != Self.row("Billing"))
  }

  @Test func theEndInSecondsIsTheDatesAndNoEndSortsLast() {
    #expect(Self.row().endSeconds == 1_000)
    #expect(Self.row(ends: nil).endSeconds == Date.distantFuture.timeIntervalSinceReferenceDate)
  }
}
