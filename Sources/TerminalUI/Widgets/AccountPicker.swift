import Geometry
import RosterCore

/// The account picker (Ctrl-T): a box over the screen listing the signed-in accounts, the one
/// this window uses marked ●, the selected row in reverse, and the keys on its last line.
public enum AccountPicker {
  public static func render(_ picker: AccountPickerState, in rect: Rect, into surface: inout some Surface) {
    // Each row in its forms, longest first; the first that fits the box is drawn.
    var rows: [(text: [String], style: Style)] = []
    if let failure = picker.failure {
      rows.append(([failure.string], .error))
    } else if let accounts = picker.accounts {
      if accounts.isEmpty { rows.append((["No account is signed in."], .dim)) }
      for (index, account) in accounts.enumerated() {
        let selected = index == picker.selection
        rows.append(
          (
            row(account, number: index + 1, current: account.key == picker.currentKey),
            selected ? .selectedFocused : .plain
          ))
      }
    } else {
      rows.append((["Reading the accounts…"], .dim))
    }
    let keys = "Enter switch · a add · Esc keep"
    let widest = (rows.map { DisplayWidth.of($0.text.first ?? "") } + [DisplayWidth.of(keys)]).max() ?? 0
    let box = rect.centered(rows: min(rect.rows, rows.count + 4), cols: min(rect.cols, max(30, widest + 4)))
    surface.clear(box)
    surface.box(box, title: "Accounts")
    let inside = box.inset(by: 1)
    guard inside.rows > 0, inside.cols > 0 else { return }
    let fitted = rows.map { row in
      (text: row.text.first { DisplayWidth.of($0) <= inside.cols } ?? row.text.last ?? "", style: row.style)
    }
    // The selected row stays in view when the list is taller than the box.
    let visible = max(1, inside.rows - 2)
    let first = max(0, min(picker.selection - visible + 1, rows.count - visible))
    // The terminal's cursor stands on the selected account (or the first line), for a screen reader.
    surface.placeCursor(row: inside.row + max(0, min(picker.selection - first, visible - 1)), col: inside.col)
    for (offset, row) in fitted.dropFirst(first).prefix(visible).enumerated() {
      surface.put(
        Truncation.truncate(row.text, toWidth: inside.cols), row: inside.row + offset, col: inside.col,
        width: inside.cols, style: row.style)
    }
    if inside.rows >= 2 {
      surface.put(
        Truncation.truncate(keys, toWidth: inside.cols), row: inside.maxRow - 1, col: inside.col, width: inside.cols,
        style: .dim)
    }
  }

  /// One account's row, longest form first: user, name and whole tenant id; then the tenant id's
  /// first block; then the user's short form. Every form names both the user and the tenant.
  static func row(_ account: AccountSummary, number: Int, current: Bool) -> [String] {
    let lead = "\(current ? "●" : " ") \(number) "
    let user = account.username.string
    let named = account.name.map { " (\($0))" } ?? ""
    let tail = account.isSignedIn ? "" : " · sign in again"
    let kind = account.isB2C ? "B2C " : "tenant "
    let tenant = account.tenantId.string
    let short = account.isB2C ? " · B2C" : " · " + String(tenant.prefix(8))
    let guest = user.contains("#EXT#") ? " (guest)" : ""
    return [
      lead + user + named + " · " + kind + tenant + tail,
      lead + user + named + short + tail,
      lead + shortUser(user) + guest + named + short + tail,
      lead + (account.name?.string ?? shortUser(user) + guest) + short + tail,
    ]
  }

  /// A user name without its domain: `aoife.oconnor` for `aoife.oconnor@contoso.com`, and for a
  /// guest's `aoife.oconnor_contoso.com#EXT#@fabrikam.com` the same `aoife.oconnor`.
  public static func shortUser(_ user: String) -> String {
    if let ext = user.range(of: "#EXT#"), let underscore = user[..<ext.lowerBound].lastIndex(of: "_"),
      underscore != user.startIndex
    {
      return String(user[..<underscore])
    }
    guard let at = user.firstIndex(of: "@"), at != user.startIndex else { return user }
    return String(user[..<at])
  }
}
