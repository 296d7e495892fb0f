extension Truncation {
  /// A mail address fitted to exactly `width` cells. While its local part fits it is cut from the
  /// end as any text (the domain goes first, which in one directory is nearly always the same).
  /// A local part too long for the column keeps its end, where namesakes differ
  /// ("alexandros.…opoulos2@" beside "alexandros.…dopoulos@"), and loses its middle.
  public static func fitAddress(_ address: some StringProtocol, toWidth width: Int) -> String {
    guard DisplayWidth.of(address) > width, let at = address.firstIndex(of: "@") else {
      return fit(address, toWidth: width)
    }
    let local = address[..<at]
    // Room for the local part and "@", and a cut domain's "…" if any of it is shown.
    if DisplayWidth.of(local) + 2 <= width { return fit(address, toWidth: width) }
    let end = tail(local, width: min(8, max(0, width / 2 - 1)))
    let head = truncate(local, toWidth: max(1, width - DisplayWidth.of(end) - 1))
    return fit(head + end + "@", toWidth: width)
  }
}
