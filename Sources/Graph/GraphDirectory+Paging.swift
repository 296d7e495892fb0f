import Foundation
import RosterCore

/// What a whole-list read does when Graph keeps linking pages past its bound.
enum PageLimit: Sendable {
  /// Keep what was read: the list is a courtesy (the groups a nesting path may pass through).
  case stop
  /// Fail with a `malformedResponse` naming `what`: a list that must be whole (every room in the
  /// tenant) is never cut short without saying so.
  case fail(what: String)
}

extension GraphDirectory {
  /// Reads `first` and every page its `@odata.nextLink`s lead to, at most `maxPages` pages: the one
  /// page loop of the reads that want a whole list (a member's transitive groups, the tenant's
  /// rooms). `fetch` GETs one page (the caller's permission and headers); `read` takes its body in
  /// and returns the next link, or nil at the end.
  ///
  /// Links are followed only back to the configured Graph origin (`followableURL`: the bearer
  /// token goes with them). A link Graph sent before means the list loops; it ends the read at
  /// once, as reaching the bound does (`limit`), instead of asking again until the bound.
  func everyPage(
    from first: URL, maxPages: Int, limit: PageLimit,
    fetch: (URL) async throws(DirectoryError) -> Data,
    read: (Data) throws(DirectoryError) -> String?
  ) async throws(DirectoryError) {
    var url = first
    var seen: Set<String> = [first.absoluteString]
    for page in 1...max(maxPages, 1) {
      guard let link = try read(try await fetch(url)) else { return }
      let repeated = !seen.insert(link).inserted
      guard page < maxPages, !repeated else {
        guard case .fail(let what) = limit else { return }
        throw .malformedResponse(
          repeated
            ? "Microsoft Graph sent a next-page link for \(what) that it had sent before; the list loops."
            : "Microsoft Graph still linked more \(what) after \(maxPages) pages; stopped rather than read forever.")
      }
      url = try followableURL(link)
    }
  }
}
