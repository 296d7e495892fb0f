import RosterCore
import SearchRules

/// How a person's row id is chosen: their display name's `SortCode` shifted left by
/// `SortCode.slotBits`, plus the first free slot. Row ids then follow `SearchRanking`'s
/// alphabetical order up to the eighth character, and the full-text index, which answers in
/// row-id order, answers alphabetically. People sharing a block (the same first eight
/// characters) are ordered by the full key when a page is cut (`DirectoryIndex.scan`).
enum RowOrder {
  static let slotMask: Int64 = (1 << Int64(SortCode.slotBits)) - 1

  static func block(of rowid: Int64) -> Int64 { rowid >> Int64(SortCode.slotBits) }

  /// The first row id of `person`'s block.
  static func base(of person: Person) -> Int64 {
    SortCode.of(SearchRanking.sortText(person.displayName?.string ?? "")) << Int64(SortCode.slotBits)
  }

  /// Row ids of every person whose sort text starts with `prefix`.
  static func rowids(startingWith prefix: String) -> ClosedRange<Int64> {
    let codes = SortCode.range(startingWith: prefix)
    return (codes.lowerBound << Int64(SortCode.slotBits))...((codes.upperBound << Int64(SortCode.slotBits)) | slotMask)
  }
}
