import Foundation

/// Where a fill stands, in the one string a full round stores as its next-page link (people's and
/// groups' alike): the collection's (`/users`, `/groups`) next link and the delta link taken before the first page (`$deltatoken=latest`),
/// joined by a space (a URL never holds a raw one). A killed fill resumes from it with the same
/// catch-up link, so no change made while it ran is missed; the index needs no column of its own.
///
/// A stored link of this shape given to the plain delta feed does not point back to Graph, so
/// that feed starts its round again (`ChangeFeed.live`), as for any link it cannot follow.
struct FillLink: Equatable, Sendable {
  /// The collection's next page.
  var next: String
  /// The delta link from before the first page: the catch-up round starts there.
  var latest: String

  init(next: String, latest: String) {
    self.next = next
    self.latest = latest
  }

  /// Reads a stored link; nil for an ordinary delta link.
  init?(_ text: String) {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    self.init(next: String(parts[0]), latest: String(parts[1]))
  }

  var text: String { next + " " + latest }
}
