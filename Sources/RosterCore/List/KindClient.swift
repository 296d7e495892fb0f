/// A `SearchedKind`'s reads from Graph, as closures the composition root fills from the kind's
/// own client (`Graph/<Kind>/`): one search, its further pages, one pane's detail. Each closure
/// answers in the kind's own payload (`KindAnswer`, `PaneDetail`), so the runtime routes every
/// such kind through one interpreter (`KindEffects`) and names none of them.
public struct KindClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void
  /// Graph's first page for `query` (an `ItemQuery`, with its kind).
  public var search: @Sendable (_ query: KindQuery, _ onRetry: @escaping OnRetry) async -> KindAnswer
  /// The page at `cursor`.
  public var nextPage: @Sendable (_ cursor: PageCursor) async -> KindAnswer
  /// One row's pane detail (owners, credentials…).
  public var detail: @Sendable (_ id: String) async -> PaneDetail

  public init(
    search: @escaping @Sendable (KindQuery, @escaping OnRetry) async -> KindAnswer,
    nextPage: @escaping @Sendable (PageCursor) async -> KindAnswer,
    detail: @escaping @Sendable (String) async -> PaneDetail
  ) {
    self.search = search
    self.nextPage = nextPage
    self.detail = detail
  }
}

/// A `SearchedKind`'s reads from the attached local index: its rows for the field's query in the
/// key's own frame (synchronous, like people's), and a pane's detail offline.
public struct KindIndexReader: Sendable {
  /// The index's rows for `query` (an `ItemQuery`), at most its page size.
  public var search: @Sendable (_ query: KindQuery) -> IndexAnswer
  /// One row's pane detail as the index knows it; a `.notFound`/`.offline` failure when it does not.
  public var detail: @Sendable (_ id: String) -> PaneDetail

  public init(
    search: @escaping @Sendable (KindQuery) -> IndexAnswer, detail: @escaping @Sendable (String) -> PaneDetail
  ) {
    self.search = search
    self.detail = detail
  }
}

/// What the index keeps of one `SearchedKind`, for the summary and `roster index status`.
public struct KindIndexCount: Equatable, Sendable {
  /// Rows kept; nil before the kind's first sync finished, or when the token may not read it.
  public var count: Int?
  /// Why the index keeps none of the kind: the permission the token lacks (`Device.Read.All`),
  /// which `roster index status` and the status line put in their sentence.
  public var problem: String?

  public init(count: Int?, problem: String? = nil) {
    self.count = count
    self.problem = problem
  }
}

extension KindPayload {
  /// A failure of any kind's read, for an answer with no client to give its own (the kind is not
  /// served in this session): the kind reads it as `failure`.
  public static func failed(_ kind: ObjectKind, _ error: DirectoryError) -> Self {
    Self(kind, Result<NoRows, DirectoryError>.failure(error))
  }
}

/// The success type of `KindPayload.failed`'s result, never built.
public struct NoRows: Equatable, Sendable {}
