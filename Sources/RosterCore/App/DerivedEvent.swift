import Foundation

/// What an action changed that features other than its owner act on, found once by comparing
/// the state before and after the owner reduced it (`reduce`). Features subscribe to these in one
/// table (`DerivedEvent.subscribers`) instead of matching each other's actions after every action:
/// a feature's actions stay its own, and a new reason for the same change (a new kind of answer, a
/// new key) reaches every subscriber without a list kept by hand.
enum DerivedEvent: Equatable, Sendable, CaseIterable {
  /// A session started on the directory screen (signed in, restored, or back after it ended).
  case sessionStarted
  /// The field's query changed (typed, retried, re-sent after signing in).
  case queryChanged
  /// The people listed changed (any answer: Graph, index, cache).
  case peopleListed
  /// The pane's person's profile arrived (Graph, the cache or the index).
  case personLoaded
  /// What the pane shows at rest changed: the person or room it settled on, or none.
  case paneRested
  /// The person selected in the list was opened (the pane took the keyboard).
  case personOpened
  /// A local index was attached to the session.
  case indexAttached
  /// A sync of the local index finished with the index brought up to date.
  case indexSynced
  /// Microsoft Graph answered a read.
  case graphAnswered
  /// The current read of some kind failed for want of Microsoft Graph (unreachable, reset).
  case graphUnreachable
  /// The nearest countdown (a banner, a retry, the device code's expiry) started or moved.
  case countdownChanged
  /// A fix changed the directory (issue 45): what was read of its target is stale.
  case directoryWritten
}

extension DerivedEvent {
  /// Who acts on each event, in the order their effects are returned: every registered kind's
  /// answer to a new query and to a sync (`ListedKind`), then the features that follow.
  static let subscribers: [Subscriber] =
    started
    + ObjectKind.allCases.map { kind in (.queryChanged, { kind.listed.queryChanged(&$0) }) }
    + following
    + ObjectKind.allCases.map { kind in (.indexSynced, { kind.listed.indexRefreshed(&$0) }) }
    + afterSync

  typealias Subscriber = (event: DerivedEvent, act: @Sendable (inout AppState) -> [Effect])

  /// The features that start with a session, before anything follows the query it re-sends.
  private static let started: [Subscriber] = [
    (.sessionStarted, IndexReducer.sessionStarted),
    (.sessionStarted, YourPeopleReducer.sessionStarted),
    (.sessionStarted, DetailReducer.sessionStarted),
  ]

  /// The features that follow the list and the pane.
  private static let following: [Subscriber] = [
    (.peopleListed, PresenceReducer.peopleChanged),
    (.personLoaded, PresenceReducer.paneLoaded),
    (.paneRested, PhotoReducer.paneRested),
    (.paneRested, ReachReducer.paneRested),
  ]

  /// The features that follow Graph's reach and the index, after every kind has refreshed.
  private static let afterSync: [Subscriber] = [
    (.graphAnswered, IndexReducer.graphAnswered),
    (.graphAnswered, PresenceReducer.graphBack),
    (.indexSynced, PresenceReducer.graphBack),
    (.graphUnreachable, GraphReachability.graphUnreachable),
    (.indexAttached, YourPeopleReducer.indexAttached),
    (.indexSynced, YourPeopleReducer.indexSynced),
    (.personOpened, YourPeopleReducer.personOpened),
    (.countdownChanged, LifecycleReducer.countdownChanged),
    (.directoryWritten, HealthReducer.directoryWritten),
    (.directoryWritten, MemberOfReducer.directoryWritten),
  ]

  /// The events `action` caused, from the state before it (`before`) and after (`after`).
  static func caused(by action: AppAction, from before: Observed, to after: AppState) -> [DerivedEvent] {
    let now = Observed(after)
    var events: [DerivedEvent] = []
    if now.onMain, !before.onMain { events.append(.sessionStarted) }
    if now.queryRequest != before.queryRequest { events.append(.queryChanged) }
    if now.people != before.people { events.append(.peopleListed) }
    if now.loadedPerson != before.loadedPerson, now.loadedPerson != nil { events.append(.personLoaded) }
    if now.rested != before.rested { events.append(.paneRested) }
    if now.opened != before.opened, now.opened != nil { events.append(.personOpened) }
    if now.indexAttached, !before.indexAttached { events.append(.indexAttached) }
    if now.syncsFinished != before.syncsFinished { events.append(.indexSynced) }
    if now.nextDeadline != before.nextDeadline, now.nextDeadline != nil { events.append(.countdownChanged) }
    if now.writesDone != before.writesDone { events.append(.directoryWritten) }
    switch action.graphContact(currentIn: after) {
    case .answered?: events.append(.graphAnswered)
    case .unreachable?: events.append(.graphUnreachable)
    case nil: break
    }
    return events
  }

  /// Runs the subscribers of `events`, in the table's order.
  static func deliver(_ events: [DerivedEvent], to state: inout AppState) -> [Effect] {
    guard !events.isEmpty else { return [] }
    var effects: [Effect] = []
    for subscriber in subscribers where events.contains(subscriber.event) {
      effects += subscriber.act(&state)
    }
    return effects
  }
}

/// The few facts the events are derived from, read before and after an action: cheap to take
/// (no list compared row by row), so taking them for every action costs nothing measurable.
struct Observed: Equatable {
  var queryRequest: Int
  var people: PeopleOnScreen
  /// The person whose full profile the pane shows.
  var loadedPerson: String?
  /// What the pane rests on (`PaneState.restingKey`), nil while the selection moves.
  var rested: RestingKey?
  /// The list's person while the pane has the keyboard.
  var opened: String?
  var indexAttached: Bool
  var syncsFinished: Int
  /// The directory screen shows (only signing in leads to it).
  var onMain: Bool
  /// The nearest countdown's deadline.
  var nextDeadline: Date?
  /// Writes Graph did (`FixState.writesDone`).
  var writesDone: Int

  init(_ state: AppState) {
    queryRequest = state.field.requestID
    people = PeopleOnScreen(state)
    if case .loaded(let detail)? = state.detail.pane.personPane?.status {
      loadedPerson = detail.person.id
    }
    rested = state.screen == .main && !state.detail.selectionMoving ? state.detail.pane.restingKey : nil
    opened = state.focus == .detail ? state.selectedListPerson?.id : nil
    indexAttached = state.index.attached
    syncsFinished = state.index.syncsFinished
    onMain = state.screen == .main
    nextDeadline = state.countdownDeadlines.min()
    writesDone = state.fix.writesDone
  }
}

/// Enough of the people listed to tell that they changed, without comparing every row: the
/// query they answer, how many there are, and the first and last.
struct PeopleOnScreen: Equatable {
  var query: CleanText?
  var count: Int
  var first: String?
  var last: String?

  init(_ state: AppState) {
    let people = state.search.results
    query = state.search.resultsQuery
    count = people.count
    first = people.first?.id
    last = people.last?.id
  }
}

/// What the pane rests on, as far as what follows it cares: a room, or a person whose profile has
/// come or whose read has started at rest (`PersonPane.rested`).
struct RestingKey: Equatable {
  var id: String
  var loaded: Bool
}

extension PaneState {
  /// A person rests once their profile came or its read started at rest; a room at once (the
  /// list's answer holds it whole); a group's pane has nothing that follows it at rest.
  var restingKey: RestingKey? {
    if let room { return RestingKey(id: room.id, loaded: true) }
    guard let pane = personPane else { return nil }
    if case .loaded = pane.status { return RestingKey(id: pane.person.id, loaded: true) }
    return pane.rested ? RestingKey(id: pane.person.id, loaded: false) : nil
  }
}
