extension Truncation {
  /// A mail address fitted to exactly `width` cells, always keeping its start (issue 40: one
  /// style per column, as docs/guide.md#layout-and-the-terminal promises). The domain goes first,
  /// cut at its end ("ann.lee@conto…"), then whole ("ann.lee@"); the user name is never cut. The
  /// table widens the column for the widest user name or leaves the column out (`ColumnFit.chosen`),
  /// the list does so when a name leaves room (`PeopleColumns`); a row whose user name still does
  /// not fit shows no address, as a row whose name is too wide does (the pane has it whole).
  public static func fitAddress(_ address: some StringProtocol, toWidth width: Int) -> String {
    guard DisplayWidth.of(address) > width, let at = address.firstIndex(of: "@") else {
      return fit(address, toWidth: width)
    }
    let user = address[...at]
    let userWidth = DisplayWidth.of(user)
    // Room for the user name, "@", one cell of the domain and its "…".
    if userWidth + 2 <= width { return fit(address, toWidth: width) }
    if userWidth <= width { return fit(user, toWidth: width) }
    return String(repeating: " ", count: max(0, width))
  }

  /// Cells an address needs so that `fitAddress` cuts no user name: its user name and "@"
  /// (the whole text when it has no "@").
  public static func addressUserWidth(_ address: some StringProtocol) -> Int {
    guard let at = address.firstIndex(of: "@") else { return DisplayWidth.of(address) }
    return DisplayWidth.of(address[...at])
  }
}
