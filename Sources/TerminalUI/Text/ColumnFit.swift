/// Column widths for a text table that must fit a terminal (`roster search`, `roster groups`).
///
/// The first `kept` columns (name, mail) are what tell rows apart, so the columns after them (job
/// title, department) give up their cells first, the widest a cell at a time down to
/// `minimum`; only then do the kept ones, the widest first. At 80 columns two Diarmuid
/// O'Connors keep "diarmuid.oconnor2@" and "diarmuid.oconnor@" whole while their titles are cut
/// (issue 28 item 8).
public enum ColumnFit {
  /// Widths for columns of `natural` widths in `total` cells with `gap` cells between columns.
  public static func fitted(_ natural: [Int], into total: Int, gap: Int, kept: Int = 2, minimum: Int = 6) -> [Int] {
    var widths = natural
    let available = max(total - gap * max(natural.count - 1, 0), 0)
    for group in [Array(natural.indices.dropFirst(kept)), Array(natural.indices)] {
      while widths.reduce(0, +) > available {
        guard let widest = group.filter({ widths[$0] > minimum }).max(by: { widths[$0] < widths[$1] }) else { break }
        widths[widest] -= 1
      }
    }
    return widths
  }
}
