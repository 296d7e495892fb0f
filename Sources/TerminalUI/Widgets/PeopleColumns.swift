/// The people list's column widths, chosen from what the rows shown need (issue 19 item 9).
///
/// Names and addresses are what tell two people apart, so they get their full width first, in
/// that order; the job title and then the presence word (the glyph before the name already shows
/// it) take what is left: a title is cut at its end, a presence word is whole or left out. Only
/// when name and address cannot both fit is anything cut: the address, from its end (the domain,
/// which most rows share), with the name keeping at least two fifths of the row.
public struct PeopleColumns: Equatable, Sendable {
  public var name: Int
  public var address: Int?
  public var title: Int?
  public var presence: Int?

  /// The narrowest a cut name is worth showing beside an address.
  static let minimumName = 10
  /// The narrowest a job title column is worth showing.
  static let minimumTitle = 10

  /// Widths for a row of `total` cells (one blank between columns) whose shown rows need `name`,
  /// `address`, `title` (nil: no title column) and `presence` (nil: no presence column) cells.
  public init(total: Int, name: Int, address: Int, title: Int?, presence: Int?) {
    let total = max(0, total)
    guard address > 0, total > name + 1 + address else {
      // Not both in full: the name keeps what it needs up to two fifths, the address the rest.
      let shared = min(name, max(total * 2 / 5, total - 1 - address))
      let rest = total - shared - 1
      // Too narrow for both to say anything: the name alone, whole where it fits.
      let both = address > 0 && rest >= 6 && shared >= min(name, Self.minimumName)
      self.name = both ? shared : total
      self.address = both ? rest : nil
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
}
