/// The people list's column widths, chosen from what the rows shown need (issues 19 and 28).
///
/// Names are what a person scans, so they get their full width first; then the address, whole
/// where it fits; the job title and then the presence word (the glyph before the name already
/// shows it) take what is left: a title is cut at its end, a presence word is whole or left out.
/// When name and address cannot both fit, the address is cut from its end (the domain, which
/// most rows share), never inside a user name (issue 40): the address column keeps at least
/// the widest shown user name and its "@" (`addressUser`) when any name leaves room for that;
/// a row whose user name does not fit shows no address (`Truncation.fitAddress`). A name is never
/// cut to make room for
/// an address (issue 28 item 8): the name column is as wide as the widest name that still leaves
/// the address that minimum (and at least `minimumAddress` cells), and a row whose
/// name is wider than that drops its own address and spans the row (`spans`); with no such name
/// the address column is dropped. One long name therefore costs its own row's address, not
/// everyone's.
public struct PeopleColumns: Equatable, Sendable {
  public var name: Int
  public var address: Int?
  public var title: Int?
  public var presence: Int?
  /// The whole row: what a name wider than `name` takes, its address left out.
  public var total: Int

  /// The narrowest a cut address is worth showing (its local part, say "alexandros.papa…").
  static let minimumAddress = 12
  /// The narrowest a job title column is worth showing.
  static let minimumTitle = 10

  /// Widths for a row of `total` cells (one blank between columns) whose shown rows need `name`,
  /// `address`, `title` (nil: no title column) and `presence` (nil: no presence column) cells.
  public init(total: Int, name: Int, address: Int, title: Int?, presence: Int?, addressUser: Int = 0) {
    self.init(
      total: total, names: [name], address: address, title: title, presence: presence, addressUser: addressUser)
  }

  /// As above, given each shown row's name width (`names`), so that one long name spans its own
  /// row instead of narrowing every address.
  public init(total: Int, names: [Int], address: Int, title: Int?, presence: Int?, addressUser: Int = 0) {
    let total = max(0, total)
    self.total = total
    let name = names.max() ?? 0
    guard address > 0, total > name + 1 + address else {
      // Not both in full: the widest name that leaves the address something to say.
      // The address keeps the widest user name shown whole when some name leaves room for it;
      // else (one user name as long as the row) a row whose user name does not fit shows none.
      let whole = names.filter { $0 <= total - 1 - min(address, max(Self.minimumAddress, addressUser)) }.max()
      let fitting = whole ?? names.filter { $0 <= total - 1 - min(address, Self.minimumAddress) }.max()
      guard address > 0, let fitting, fitting > 0 else {
        self.name = total
        return
      }
      self.name = fitting
      self.address = total - fitting - 1
      return
    }
    self.name = name
    self.address = address
    var rest = total - name - 1 - address
    if let title, title > 0, rest >= Self.minimumTitle + 1 {
      self.title = min(title, rest - 1)
      rest -= min(title, rest - 1) + 1
    }
    if let presence, presence > 0, rest >= presence + 1 {
      self.presence = presence
    }
  }

  /// The widths in screen order: name, address, title, presence (those shown).
  public var widths: [Int] { [name] + [address, title, presence].compactMap { $0 } }

  /// Whether a row whose name is `nameWidth` cells spans the whole row (its address left out).
  public func spans(nameWidth: Int) -> Bool { address != nil && nameWidth > name }
}
