/// Rooms in the one search field. A tenant has hundreds of rooms and Graph's places API has no
/// `$search` and no delta, so the whole list is read once a session (from the index when it has
/// them, else from Graph) and every query is matched against it locally, in the key's own frame.
///
/// The same invariant as people and groups: `results` are the answer for `resultsQuery`.
public struct RoomSearchState: Equatable, Sendable {
  /// Whether the list shows rooms at all (the composition root turns it on for the app).
  public var isEnabled: Bool
  /// The whole list and where it stands.
  public var catalog: RoomCatalogStatus
  /// The rooms matching `resultsQuery`, best first.
  public var results: [Room]
  /// The normalised query `results` answer; nil when none are listed.
  public var resultsQuery: String?
  /// Bumped for every read of the whole list; an answer tagged with another is dropped. Only
  /// grows, across sign-outs and account switches too.
  public var requestID: Int

  public init(isEnabled: Bool = false) {
    self.isEnabled = isEnabled
    self.catalog = .unknown
    self.results = []
    self.resultsQuery = nil
    self.requestID = 0
  }
}

/// Where the whole list of rooms stands.
public enum RoomCatalogStatus: Equatable, Sendable {
  /// Not asked for yet this session.
  case unknown
  /// On its way, from Graph or the index.
  case loading(DirectorySource)
  /// Read: every room the sign-in may list.
  case loaded(RoomCatalog)
  /// The sign-in lacks `Place.Read.All`: the reason, in plain words.
  case needsPermission(CleanText)
  /// Graph could not be reached and the index holds no rooms.
  case offline(CleanText)
  /// Any other failure, in plain words.
  case failed(CleanText)

  /// Why no rooms are listed, when that is not "none match".
  public var problem: CleanText? {
    switch self {
    case .needsPermission(let text), .offline(let text), .failed(let text): return text
    case .unknown, .loading, .loaded: return nil
    }
  }
}
