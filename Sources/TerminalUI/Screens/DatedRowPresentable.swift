import Foundation
import RosterCore

/// A list row whose address depends on the clock ("app · expires in 12 days"). `RowPresentable`'s
/// address has no state to read the time from, so the list asks a dated row for its address and
/// its warning as of `state.now`: a snapshot or a test then reads the same on every run. Apps are
/// the first such rows; a kind whose row needs no clock conforms to `RowPresentable` alone.
protocol DatedRowPresentable: RowPresentable {
  /// The address column as of `now`.
  func listAddress(now: Date) -> String
  /// The row's style when it warns (a credential past due or due soon); nil when it does not.
  func listWarning(now: Date) -> Style?
}

extension ListRow {
  /// The row's address as of `now`: a dated row's own, else its kind's fixed address.
  func listAddress(now: Date) -> String {
    (item as? any DatedRowPresentable)?.listAddress(now: now) ?? listAddress
  }

  /// The style a dated row warns in as of `now`; nil for every other row.
  func listWarning(now: Date) -> Style? { (item as? any DatedRowPresentable)?.listWarning(now: now) }
}
