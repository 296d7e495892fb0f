/// What the detail pane shows: one subject at a time, each kind with the state only it has.
///
/// Assigning a case *is* the reset: a person's "Member of", org-chart selection and retry
/// countdown live inside `.person`, a group's members and nesting path inside `.group`, so
/// showing something else drops them without a list of fields to clear by hand (there were 15
/// such resets in five files while the pane was one struct with a field per kind).
public enum PaneState: Equatable, Sendable {
  /// Nothing selected.
  case empty
  /// The selection is moving through the list faster than anyone reads a profile: the pane is
  /// blank until it rests, so a held arrow key costs the terminal the list rows only, and the
  /// network nothing.
  case following
  case person(PersonPane)
  case group(GroupPaneState)
  /// A room: the list's answer holds all the pane shows, so there is nothing to load.
  case room(Room)
  /// A row of a kind that keeps nothing of its own beyond one read (`SearchedKind`: devices, apps).
  case item(ItemPane)
}

/// The pane showing a person: their profile as far as it has loaded, and what the person did in
/// the pane (the org-chart row selected, "Member of" asked for).
public struct PersonPane: Equatable, Sendable {
  public var status: PersonStatus
  /// Set while the client waits out a throttle before retrying the load.
  public var retry: RetryCountdown?
  /// "Member of" of the person shown, once asked for (`m`); nil while not shown.
  public var memberOf: MemberOfState?
  /// The selected row among `orgRows` (the managers above, the direct reports, "Member of").
  public var orgRowIndex: Int
  /// When going back, the person whose row gets the selection once this person's profile shows.
  public var returningTo: String?
  /// The pane has come to rest on this person (the selection rested, the pause after a change
  /// ran out, or the person was opened): what follows the pane at rest (photo, schedule) starts
  /// now, not for every person a held arrow key passes.
  public var rested: Bool

  public init(
    _ status: PersonStatus, memberOf: MemberOfState? = nil, returningTo: String? = nil, rested: Bool = false
  ) {
    self.status = status
    self.rested = rested
    self.retry = nil
    self.memberOf = memberOf
    self.orgRowIndex = 0
    self.returningTo = returningTo
  }

  /// The person shown, however far their profile has loaded.
  public var person: Person { status.person }
}

/// How far a person's full profile has come.
public enum PersonStatus: Equatable, Sendable {
  /// Loading the full profile; the list's row is shown meanwhile.
  case loading(Person)
  case loaded(PersonDetail)
  /// The load failed; the list's row is still shown, with the reason.
  case failed(Person, message: CleanText)

  public var person: Person {
    switch self {
    case .loading(let person), .failed(let person, _): return person
    case .loaded(let detail): return detail.person
    }
  }
}

extension PaneState {
  /// The person's pane, when a person shows. Setting it through optional chaining
  /// (`pane.personPane?.status = …`) changes the person shown and nothing when another kind
  /// shows; setting a value shows that person.
  public var personPane: PersonPane? {
    get { if case .person(let pane) = self { pane } else { nil } }
    set { if let newValue { self = .person(newValue) } }
  }

  /// The group's pane, when a group shows; set as `personPane` is.
  public var groupPane: GroupPaneState? {
    get { if case .group(let pane) = self { pane } else { nil } }
    set { if let newValue { self = .group(newValue) } }
  }

  /// The room shown, when the pane shows one.
  public var room: Room? { if case .room(let room) = self { room } else { nil } }

  /// What the pane shows now, as the walk's history names it; nil while empty or following.
  public var subject: PaneSubject? {
    switch self {
    case .empty, .following: return nil
    case .person(let pane): return .person(pane.person)
    case .group(let pane): return .group(pane.shownGroup)
    case .room(let room): return .room(room)
    case .item(let pane): return .item(pane.item)
    }
  }
}
