import Foundation

/// The detail pane: the selected person's full profile, loaded on demand.
public struct DetailState: Equatable, Sendable {
  /// Bumped whenever the selected person changes; a load for another id is dropped.
  public var requestID: Int
  /// The last id handed to a request that does not change whom the pane shows (a group's
  /// members, a nesting path, "Member of"): a counter of its own, so asking for them never
  /// drops the answer about the pane's subject.
  public var partRequestID: Int
  /// What the pane shows.
  public var status: DetailStatus
  /// Recently loaded profiles, so moving back and forth through the list needs no request.
  public var cache: LRUCache<String, PersonDetail>
  /// Set while the client waits out a throttle before retrying the load.
  public var retry: RetryCountdown?
  /// The selection changed less than `Tuning.selectionRest` ago. A further change then means
  /// the person is moving through the list (a held arrow key): the pane waits for the selection
  /// to rest instead of drawing every row's person on the way.
  public var selectionMoving: Bool
  /// The people and groups opened by walking from the list's row (org chart, members, "Member
  /// of"), in order: the breadcrumb and the history Backspace goes back along. Empty while the
  /// pane shows the list's row.
  public var trail: [PaneSubject]
  /// Set while the pane shows a group (then `status` is `.empty`); nil while it shows a person.
  public var group: GroupPaneState?
  /// Recently shown groups, so walking back to one needs no request and keeps its mode.
  public var groupCache: LRUCache<String, GroupPaneState>
  /// "Member of" of the person shown, once asked for (`m`); nil while not shown.
  public var memberOf: MemberOfState?
  /// "Member of" as last shown per person, so walking back to a person shows it again.
  public var memberOfCache: LRUCache<String, MemberOfState>
  /// The selected row among `orgRows` (the managers above, then the direct reports).
  public var orgRowIndex: Int
  /// When going back, the person whose row gets the selection once the previous person shows.
  public var returningTo: String?

  public init() {
    self.requestID = 0
    self.partRequestID = 0
    self.status = .empty
    self.cache = LRUCache(capacity: 32, timeToLive: 120)
    self.retry = nil
    self.selectionMoving = false
    self.trail = []
    self.group = nil
    self.groupCache = LRUCache(capacity: 16, timeToLive: 120)
    self.memberOf = nil
    self.memberOfCache = LRUCache(capacity: 16, timeToLive: 120)
    self.orgRowIndex = 0
    self.returningTo = nil
  }
}

/// What the detail pane shows.
public enum DetailStatus: Equatable, Sendable {
  /// Nobody selected.
  case empty
  /// Loading the full profile; the list's row is shown meanwhile.
  case loading(Person)
  case loaded(PersonDetail)
  /// The load failed; the list's row is still shown, with the reason.
  case failed(Person, message: CleanText)
  /// The selection is moving through the list faster than anyone reads a profile: the pane is
  /// blank until it rests, so a held arrow key costs the terminal the list rows only, and the
  /// network nothing.
  case following
  /// A room: the list's answer holds all the pane shows, so there is nothing to load.
  case room(Room)
}

extension DetailStatus {
  /// The person the pane is about, whatever the load's progress.
  public var person: Person? {
    switch self {
    case .empty, .following, .room: return nil
    case .loading(let person), .failed(let person, _): return person
    case .loaded(let detail): return detail.person
    }
  }
}

extension DetailStatus {
  /// The room shown, when the pane shows one.
  public var room: Room? { if case .room(let room) = self { room } else { nil } }
}
