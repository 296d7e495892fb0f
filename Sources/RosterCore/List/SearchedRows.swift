/// What a `SearchedKind` keeps of the field's query: the same invariant as people and groups —
/// `results` answer `resultsQuery`; an answer for another request is dropped; while a newer query
/// is pending the rows of the older one are narrowed locally and marked, never shown as they were.
/// One struct for every such kind, so a kind's slice of `AppState` is one line.
public struct SearchedRows<Item: SearchableItem>: Equatable, Sendable {
  /// Whether the list searches the kind at all (the composition root turns it on for the app).
  public var isEnabled: Bool
  public var status: SearchedStatus
  /// The rows answered for `resultsQuery`, best first (narrowed while a newer query is pending).
  public var results: [Item]
  /// The normalised query `results` answer; nil when none are listed.
  public var resultsQuery: String?
  /// Graph's cursor to the next page; nil on the last, or for an index answer.
  public var next: PageCursor?
  /// `@odata.count` of the matches, when Graph gave one.
  public var totalCount: Int?
  /// The index holds more matches than listed.
  public var moreInIndex: Bool
  /// A further page is on the wire.
  public var isLoadingMore: Bool
  /// The rows came from the local index.
  public var fromIndex: Bool

  public init(isEnabled: Bool = false) {
    self.isEnabled = isEnabled
    self.status = .idle
    self.results = []
    self.resultsQuery = nil
    self.next = nil
    self.totalCount = nil
    self.moreInIndex = false
    self.isLoadingMore = false
    self.fromIndex = false
  }
}

/// What a searched kind is doing, for the status line (`KindListStatus` says it in words).
public enum SearchedStatus: Equatable, Sendable {
  case idle
  case searching
  case results
  /// The sign-in may not read the kind: the permission it needs.
  case needsPermission(String)
  case offline(CleanText)
  case failed(CleanText)
}

/// The field's query as a searched kind's effects carry it (`KindQuery`, with its kind).
public struct ItemQuery: Equatable, Sendable, Hashable {
  /// What the person typed, untrimmed; the Graph client escapes it.
  public var text: String
  /// Rows per page (Graph allows 1–999; the index one more than listed, to tell "more").
  public var pageSize: Int

  public init(text: String, pageSize: Int) {
    self.text = text
    self.pageSize = pageSize
  }
}

/// One page of a searched kind's rows from Graph.
public struct ItemPage<Item: SearchableItem>: Equatable, Sendable {
  public var items: [Item]
  /// The next page, nil on the last.
  public var next: PageCursor?
  /// `@odata.count`, when asked for.
  public var totalCount: Int?

  public init(_ items: [Item], next: PageCursor? = nil, totalCount: Int? = nil) {
    self.items = items
    self.next = next
    self.totalCount = totalCount
  }
}
