import Foundation

extension SearchState {
  /// The query as the engine compares it (trimmed, single spaces, case-folded).
  public var normalizedQuery: String { PeopleMatcher.normalize(query.string) }

  /// Whether the shown results are the server's answer for the text in the field. When false and
  /// results are shown, the list must mark them (narrowed, offline, stale).
  public var resultsMatchQuery: Bool {
    resultsQuery != nil && resultsQuery?.string == normalizedQuery
  }

  /// `@odata.count` for `resultsQuery`, when the server gave one ("25 of 1,203").
  public var totalCount: Int? { answer?.totalCount }

  /// Where the next page of `resultsQuery` is; nil on the last page.
  public var nextCursor: PageCursor? { answer?.next }

  /// The row where close matches start (the list draws its divider above it); nil when none
  /// are listed.
  public var closeMatchesStart: Int? {
    guard resultsMatchQuery, let answer, let close = answer.close, !close.people.isEmpty else { return nil }
    let start = results.count - close.people.count
    return start >= 0 ? start : nil
  }

  /// Whether a request for this query is pending (debouncing or on the wire).
  public var isPending: Bool {
    switch status {
    case .searching, .refining: return true
    default: return false
    }
  }

  /// Whether more matches exist than are listed: a next page from Graph or the index.
  public var hasMore: Bool { nextCursor != nil || answer?.moreInIndex == true }

  /// Whether another page can be asked for now: the list is the server's answer for the field's
  /// query, a next page exists and none is loading.
  public var canLoadMore: Bool {
    guard resultsMatchQuery, hasMore, !isLoadingMore else { return false }
    switch status {
    case .results, .offline, .failed: return true
    default: return false
    }
  }
}
