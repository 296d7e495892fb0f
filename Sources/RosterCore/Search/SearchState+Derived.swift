import Foundation

extension SearchState {
  /// `@odata.count` for `resultsQuery`, when the server gave one ("25 of 1,203").
  public var totalCount: Int? { answer?.totalCount }

  /// Where the next page of `resultsQuery` is; nil on the last page.
  public var nextCursor: PageCursor? { answer?.next }

  /// Whether a request for this query is pending (debouncing or on the wire).
  public var isPending: Bool {
    switch status {
    case .searching, .refining: return true
    default: return false
    }
  }

  /// Whether more matches exist than are listed: a next page from Graph or the index.
  public var hasMore: Bool { nextCursor != nil || answer?.moreInIndex == true }
}

extension AppState {
  /// Whether the people listed are the answer for the text in the field. When false and people
  /// are listed, the list marks them (narrowed, offline, stale).
  public var peopleMatchQuery: Bool {
    search.resultsQuery != nil && search.resultsQuery?.string == field.normalizedQuery
  }

  /// The row where close matches start (the list draws its divider above it); nil when none
  /// are listed.
  public var closeMatchesStart: Int? {
    guard peopleMatchQuery, let answer = search.answer, let close = answer.close, !close.people.isEmpty else {
      return nil
    }
    let start = search.results.count - close.people.count
    return start >= 0 ? start : nil
  }

  /// Whether another page of people can be asked for now: the list is the server's answer for
  /// the field's query, a next page exists and none is loading.
  public var peopleCanLoadMore: Bool {
    guard peopleMatchQuery, search.hasMore, !search.isLoadingMore else { return false }
    switch search.status {
    case .results, .offline, .failed: return true
    default: return false
    }
  }
}
