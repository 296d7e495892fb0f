import SandboxDirectory

/// One `/groups/delta` page as it fills: at most `maxObjects` entries and `maxLinks`
/// `members@delta` references across them (Graph: 200 and 500). A group whose links do not fit
/// is cut; the page ends there and `resume` says where the next one starts — after the last
/// group served whole, or inside the cut group at the first link not yet sent — so no group or
/// link is lost or repeated, whichever limit ends the page. Both rounds (the full one and the
/// changes) fill pages through it.
struct GroupDeltaPage {
  /// Where the next page starts: the last group served whole, and the group cut with the
  /// number of its links already sent (nil and 0 when the page ended between groups).
  struct Resume: Equatable {
    var after: String?
    var partial: String?
    var offset: Int
  }

  let maxObjects: Int
  let maxLinks: Int
  private(set) var values: [JSONValue] = []
  private(set) var links = 0
  /// Set once the page is full.
  private(set) var resume: Resume?
  private var lastWhole: String?

  init(maxObjects: Int, maxLinks: Int, after: String?) {
    self.maxObjects = maxObjects
    self.maxLinks = maxLinks
    self.lastWhole = after
  }

  /// Adds group `id` with its links `offset..<linkCount` (as many as fit), rendered by `render`
  /// for the range sent. Returns false when the page is full: `resume` is then set and the
  /// group, or its rest, goes on the next page.
  mutating func add(_ id: String, linkCount: Int, from offset: Int, render: (Range<Int>) -> JSONValue) -> Bool {
    let offset = min(offset, linkCount)  // a cut group that lost members since
    let room = maxLinks - links
    if values.count == maxObjects || (room == 0 && offset < linkCount) {
      resume = Resume(after: lastWhole, partial: offset > 0 ? id : nil, offset: offset)
      return false
    }
    let sent = offset..<min(linkCount, offset + room)
    values.append(render(sent))
    links += sent.count
    if sent.upperBound < linkCount {
      resume = Resume(after: lastWhole, partial: id, offset: sent.upperBound)
      return false
    }
    lastWhole = id
    return true
  }
}
