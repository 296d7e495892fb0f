import Foundation

/// The detail pane: what it shows (`pane`, one case per kind), the walk that led there, and what
/// outlives any one subject — the request counters and the caches that make walking back free.
public struct DetailState: Equatable, Sendable {
  /// What the pane shows.
  public var pane: PaneState
  /// Bumped whenever the pane's subject changes; an answer for an older id is dropped.
  public var requestID: Int
  /// The last id handed to a request that does not change whom the pane shows (a group's
  /// members, a nesting path, "Member of"): a counter of its own, so asking for them never
  /// drops the answer about the pane's subject.
  public var partRequestID: Int
  /// Recently loaded profiles, so moving back and forth through the list needs no request.
  public var cache: LRUCache<String, PersonDetail>
  /// The selection changed less than `Tuning.selectionRest` ago. A further change then means
  /// the person is moving through the list (a held arrow key): the pane waits for the selection
  /// to rest instead of drawing every row's person on the way.
  public var selectionMoving: Bool
  /// The people and groups opened by walking from the list's row (org chart, members, "Member
  /// of"), in order: the breadcrumb and the history Backspace goes back along. Empty while the
  /// pane shows the list's row.
  public var trail: [PaneSubject]
  /// Recently shown groups, so walking back to one needs no request and keeps its mode.
  public var groupCache: LRUCache<String, GroupPaneState>
  /// "Member of" as last shown per person, so walking back to a person shows it again.
  public var memberOfCache: LRUCache<String, MemberOfState>

  public init() {
    self.pane = .empty
    self.requestID = 0
    self.partRequestID = 0
    self.cache = LRUCache(capacity: 32, timeToLive: 120)
    self.selectionMoving = false
    self.trail = []
    self.groupCache = LRUCache(capacity: 16, timeToLive: 120)
    self.memberOfCache = LRUCache(capacity: 16, timeToLive: 120)
  }
}

/// The pane as a person's view reads it: whom it is about and how far their profile has come.
/// Derived from `DetailState.pane`, never stored: a group shows as `.group`.
public enum DetailStatus: Equatable, Sendable {
  case empty
  case loading(Person)
  case loaded(PersonDetail)
  case failed(Person, message: CleanText)
  case following
  case group(Group)
  case room(Room)
}

extension DetailState {
  /// The pane in a person's terms (see `DetailStatus`).
  public var status: DetailStatus {
    if let pane = pane.personPane {
      switch pane.status {
      case .loading(let person): return .loading(person)
      case .loaded(let detail): return .loaded(detail)
      case .failed(let person, let message): return .failed(person, message: message)
      }
    }
    if let group = pane.groupPane { return .group(group.shownGroup) }
    if let room = pane.room { return .room(room) }
    return pane == .following ? .following : .empty
  }

  /// What the pane shows now.
  public var subject: PaneSubject? { pane.subject }
}

extension DetailStatus {
  /// The person the pane is about, whatever the load's progress.
  public var person: Person? {
    switch self {
    case .loading(let person), .failed(let person, _): return person
    case .loaded(let detail): return detail.person
    default: return nil
    }
  }

  /// The room shown, when the pane shows one.
  public var room: Room? { if case .room(let room) = self { room } else { nil } }
}
