/// The one order of search results, the same in the index, the live list and the CLI, so a
/// person can predict which row comes first:
///
/// 1. display names that start with the first typed word ("jesu" → Jesús Martínez);
/// 2. then people whose display name holds every typed word (as `$search` tokens);
/// 3. then people found only by given name, surname, mail or user name;
///
/// within each, first anyone whose whole display name was typed (so Enter opens the person typed,
/// even when a colleague's longer name starts the same way), then the person's own people
/// (`Closeness`: opened in Roster, then those they work with), nearest first; then alphabetically
/// by display name, folded
/// (`TextFolding.searchFolded`, so accents do not count) with punctuation read as a space
/// ("O'Connor" sorts as "o connor"), then by id.
public struct SearchRanking: Sendable {
  private let first: String
  /// Every word's sort text, as one name: what a display name typed whole sorts as.
  private let whole: String
  private let words: [WordMatch]
  /// Who comes first within a tier.
  public let closeness: Closeness

  /// `text` as typed (the same words `QueryWords` makes of it).
  /// Filters in the text (`dept:Sales`) are not words of a name: the index ranks the words alone,
  /// and so does the live list.
  public init(_ text: String, closeness: Closeness = .none) {
    let all = QueryWords(Self.nameWords(text), style: .search).all
    first = SearchRanking.sortText(all.first ?? "")
    whole = SearchRanking.sortText(all.joined(separator: " "))
    words = all.map(WordMatch.init)
    self.closeness = closeness
  }

  /// The text without its filters, when it holds any that parse.
  private static func nameWords(_ text: String) -> String {
    guard FilterSyntax.mayHoldFilters(text), let parsed = try? FilterSyntax.parse(text), !parsed.filters.isEmpty
    else { return text }
    return parsed.words.joined(separator: " ")
  }

  /// The sort text of a display name typed whole, nil when nothing was typed.
  public var wholeSortText: String? { whole.isEmpty ? nil : whole }

  /// Whether a display name of this sort text was typed whole.
  public func isTypedWhole(sortText: String) -> Bool { !whole.isEmpty && sortText == whole }

  /// The first word's sort text, nil when there is none (then no one is in the first tier).
  public var firstSortText: String? { first.isEmpty ? nil : first }

  /// 0, 1 or 2 as above, for a record that matches the query.
  public func tier(_ fields: SearchFields) -> Int {
    let name = fields.fields.first { $0.property.matching == .tokens }
    guard let name else { return 2 }
    return tier(displayName: name.value, sortText: Self.sortText(name.value))
  }

  /// `tier` from the display name alone (nil: none) and its `sortText`, already made: the index
  /// ranks rows before it decodes the rest of the person.
  public func tier(displayName: String?, sortText: String) -> Int {
    guard let displayName else { return 2 }
    if !first.isEmpty, sortText.utf8.starts(with: first.utf8) { return 0 }
    let nameFields = SearchFields(fields: [
      SearchFields.Field(property: SearchSchema.people.properties[0], value: displayName)
    ])
    return words.allSatisfy { $0.matches(nameFields) } ? 1 : 2
  }

  /// `items` in this order; `fields` and `id` describe each.
  public func ranked<Item>(
    _ items: [Item], fields: (Item) -> SearchFields, id: (Item) -> String
  ) -> [Item] {
    let keyed = items.map { item in
      let described = fields(item)
      let id = id(item)
      // The display name's sort text made once: the tier, the whole-name test and the key read it.
      let name = described.fields.first { $0.property.matching == .tokens }?.value
      let sortText = Self.sortText(name ?? "")
      var key = RankKey(
        tier: tier(displayName: name, sortText: sortText), sortText: sortText, id: id,
        closeness: closeness.sortRank(of: id))
      key.typedWhole = isTypedWhole(sortText: sortText)
      return (item: item, key: key)
    }
    return keyed.sorted { $0.key < $1.key }.map(\.item)
  }

  /// The display name as it is sorted: folded, every character before `0` (spaces, `'`, `-`,
  /// `.`) a single space, trimmed.
  public static func sortText(_ name: String) -> String {
    var out: [UInt8] = []
    for byte in TextFolding.searchFolded(name).utf8 {
      if byte < 0x30 {
        if let last = out.last, last != 0x20 { out.append(0x20) }
      } else {
        out.append(byte)
      }
    }
    while out.last == 0x20 { out.removeLast() }
    return String(decoding: out, as: UTF8.self)
  }
}

/// What `SearchRanking` sorts by: tier, then whether the whole display name was typed, then
/// closeness (`Closeness.sortRank`: the person's own people first), then the sort text's bytes,
/// then the id's bytes. The index keeps its rows in
/// the last two's order (`RowOrder`, as bytes `sortText 0 id`: a sort text holds no byte below
/// 0x20) and lists a tier's near people before its other rows, so both must compare bytes,
/// never `String`'s canonical equivalence.
public struct RankKey: Comparable, Sendable {
  public var tier: Int
  /// The display name was typed whole (`SearchRanking.isTypedWhole`).
  public var typedWhole = false
  /// `Int.max` for everyone who is not among the person's people.
  public var closeness: Int
  public var text: [UInt8]
  public var id: String

  public init(tier: Int, fields: SearchFields, id: String, closeness: Int = .max) {
    let name = fields.fields.first { $0.property.matching == .tokens }?.value ?? ""
    self.init(tier: tier, sortText: SearchRanking.sortText(name), id: id, closeness: closeness)
  }

  /// From the display name's `SearchRanking.sortText`, already made.
  public init(tier: Int, sortText text: String, id: String, closeness: Int = .max) {
    self.tier = tier
    self.closeness = closeness
    self.text = Array(text.utf8)
    self.id = id
  }

  public static func < (lhs: RankKey, rhs: RankKey) -> Bool {
    if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
    if lhs.typedWhole != rhs.typedWhole { return lhs.typedWhole }
    if lhs.closeness != rhs.closeness { return lhs.closeness < rhs.closeness }
    if lhs.text != rhs.text { return lhs.text.lexicographicallyPrecedes(rhs.text) }
    return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
  }

  public static func == (lhs: RankKey, rhs: RankKey) -> Bool {
    lhs.tier == rhs.tier && lhs.typedWhole == rhs.typedWhole && lhs.closeness == rhs.closeness && lhs.text == rhs.text
      && lhs.id.utf8.elementsEqual(rhs.id.utf8)
  }
}

extension SearchFields {
  init(fields: [Field]) {
    self.fields = fields
  }
}
