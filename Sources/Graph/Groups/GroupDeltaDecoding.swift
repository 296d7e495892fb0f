import Foundation
import RosterCore

/// Decodes a `/groups/delta` page (or a fill's `/groups` page, or a filtered look-up's answer)
/// leniently, as `GroupDecoding` reads a group: entries without an id are dropped, a field of the
/// wrong type counts as absent. Read straight from the bytes with `JSONCursor`, as `DeltaDecoding`
/// reads people: a fill's look-ups bring ~100,000 `members@delta` items a page of 999 groups, and
/// boxing them into `Any` first held most of a groups fill's memory
/// (docs/decisions/index-local-index.md#index--first-sync-under-graphs-limits).
///
/// The body must still be JSON throughout: a page that is not is refused whole.
enum GroupDeltaDecoding {
  /// `listing`: a `/groups` page (a fill, `GroupDeltaFeed.liveFill`), whose last page carries no
  /// link at all and whose groups carry no members.
  static func page(from data: Data, listing: Bool = false) throws(DirectoryError) -> GroupDeltaPage {
    let page = try DeltaPageReading.read(data, listing: listing, capacity: 0, entry: entry)
    return GroupDeltaPage(changes: page.changes, nextLink: page.nextLink, deltaLink: page.deltaLink)
  }

  /// One entry of `value`: a group (or a slice of its members), a removal, or nil (no id).
  private static func entry(_ cursor: inout JSONCursor) throws(JSONCursor.Malformed) -> GroupDeltaChange? {
    guard try cursor.peek() == .object else {
      try cursor.skip()
      return nil
    }
    var fields = GroupEntryFields()
    try cursor.members { (cursor, key) throws(JSONCursor.Malformed) in try fields.read(key, &cursor) }
    guard let id = fields.id, !id.isEmpty else { return nil }
    if fields.removed { return .removed(id: id) }
    return .upsert(id: id, group: fields.describes ? fields.group(id: id) : nil, members: fields.members)
  }
}
