import Foundation
import RosterCore
import TestSupport
import Testing

/// Steps most search tests share, each asserting its state changes and received actions in full.
extension TestStore {
  /// The one search call the runtime made since the last take, checked to ask for `text`.
  func takeSearch(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> FakeDirectoryClient.Call? {
    let calls = directory.takeCalls()
    #expect(calls.map(\.request) == [.search(text)], sourceLocation: sourceLocation)
    return calls.count == 1 ? calls[0] : nil
  }

  /// The search debounce in force.
  var searchDebounce: Duration { .milliseconds(state.settings.debounceMs) }

  /// Lets the debounce run out and receives it: the request for the field's query goes out.
  func debounceElapses(sourceLocation: SourceLocation = #_sourceLocation) async {
    await advance(by: searchDebounce, sourceLocation: sourceLocation)
    await receiveDebounceElapsed(sourceLocation: sourceLocation)
  }

  /// Receives the field's debounce: the request for the field's query goes out.
  func receiveDebounceElapsed(sourceLocation: SourceLocation = #_sourceLocation) async {
    await receive(.search(.debounceElapsed(id: state.field.requestID)), sourceLocation: sourceLocation) {
      $0.requestSent()
    }
  }

  /// Types `text` one character at a time, `interval` apart, where nothing shown or cached
  /// answers any prefix of it (the field's text grows each time; each keystroke restarts the
  /// debounce).
  func type(_ text: String, every interval: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
    var typed = ""
    for character in text {
      typed.append(character)
      let query = typed
      await sendQuery(query, sourceLocation: sourceLocation) { $0.typedNewQuery(query) }
      await advance(by: interval, sourceLocation: sourceLocation)
    }
  }

  /// Types `text` (nothing shown or cached answers it), lets the debounce run out, and takes the
  /// request that went out.
  func sendSearch(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async -> FakeDirectoryClient.Call?
  {
    await sendQuery(text, sourceLocation: sourceLocation) { $0.typedNewQuery(text) }
    await debounceElapses(sourceLocation: sourceLocation)
    return takeSearch(text, sourceLocation: sourceLocation)
  }

  /// Answers the field's request (asked for `text`) with `page` and receives the answer.
  func answerSearch(_ text: String, with page: PeoplePage, sourceLocation: SourceLocation = #_sourceLocation) async {
    let id = state.field.requestID
    takeSearch(text, sourceLocation: sourceLocation)?.respond(page)
    await receive(.search(.answered(id: id, .people(.success(page)))), sourceLocation: sourceLocation) {
      $0.answerArrived(page)
    }
  }

  /// Types `text` where nothing is shown that it refines and nothing is cached for it, lets the
  /// debounce run out and answers the request with `people`.
  func search(
    _ text: String, answer people: [Person], next: PageCursor? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await sendQuery(text, sourceLocation: sourceLocation) { $0.typedNewQuery(text) }
    await debounceElapses(sourceLocation: sourceLocation)
    await answerSearch(
      text, with: PeoplePage(people: people, next: next, totalCount: people.count), sourceLocation: sourceLocation)
  }

  /// Lets the selection rest and the pane's pause run out, and answers the pane's load for the
  /// selected person (no request when the pane already shows that person).
  func answerDetail(sourceLocation: SourceLocation = #_sourceLocation) async {
    if state.detail.selectionMoving {
      await restSelection(sourceLocation: sourceLocation)
      await advance(by: Tuning.detailDebounce - Tuning.selectionRest, sourceLocation: sourceLocation)
    } else {
      await advance(by: Tuning.detailDebounce, sourceLocation: sourceLocation)
    }
    guard let person = state.selectedListPerson, state.detail.status == .loading(person) else {
      #expect(directory.takeCalls().isEmpty, "no detail request expected", sourceLocation: sourceLocation)
      return
    }
    // The pause ran out: the pane rests on the person and their read starts.
    await receive(.detail(.debounceElapsed(id: state.detail.requestID)), sourceLocation: sourceLocation) {
      $0.detail.pane.personPane?.rested = true
    }
    await answerDetailLoad(for: person, sourceLocation: sourceLocation)
  }

  /// The selection-rest timer runs out and is received (the pane fills if it was blank).
  func restSelection(sourceLocation: SourceLocation = #_sourceLocation) async {
    guard state.detail.selectionMoving else { return }
    await advance(by: Tuning.selectionRest, sourceLocation: sourceLocation)
    await receiveSelectionRested(sourceLocation: sourceLocation)
  }

  /// Receives the selection-rest timer's action: the pane fills at once if it was blank.
  func receiveSelectionRested(sourceLocation: SourceLocation = #_sourceLocation) async {
    await receive(.detail(.selectionRested), sourceLocation: sourceLocation) {
      $0.detail.selectionMoving = false
      // The pane is at rest on its person now, however far the profile has come.
      $0.detail.pane.personPane?.rested = true
      if $0.detail.status == .following {
        $0.detail.requestID += 1
        if let person = $0.selectedListPerson {
          let status = $0.detail.cache.value(for: person.id, now: $0.now).map(PersonStatus.loaded) ?? .loading(person)
          $0.detail.pane = .person(PersonPane(status, rested: true))
        } else {
          $0.detail.pane = .empty
        }
      }
    }
  }

  /// Answers the one detail call on the wire (for `person`) and receives the loaded detail.
  func answerDetailLoad(for person: Person, sourceLocation: SourceLocation = #_sourceLocation) async {
    let calls = directory.takeCalls()
    #expect(calls.map(\.request) == [.detail(person.id)], sourceLocation: sourceLocation)
    let detail = Fixtures.detail(person)
    calls.first?.respond(detail)
    await receive(.detail(.loaded(id: state.detail.requestID, .success(detail))), sourceLocation: sourceLocation) {
      $0.detailLoaded(detail)
    }
  }

  /// With a detail load for `person` and then a search for `text` on the wire, answers both in
  /// that order and receives each answer.
  func answerDetailThenSearch(
    _ person: Person, _ text: String, with page: PeoplePage, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let calls = directory.takeCalls()
    #expect(calls.map(\.request) == [.detail(person.id), .search(text)], sourceLocation: sourceLocation)
    try #require(calls.count == 2, sourceLocation: sourceLocation)
    let detail = Fixtures.detail(person)
    calls[0].respond(detail)
    await receive(.detail(.loaded(id: state.detail.requestID, .success(detail))), sourceLocation: sourceLocation) {
      $0.detailLoaded(detail)
    }
    calls[1].respond(page)
    await receive(
      .search(.answered(id: state.field.requestID, .people(.success(page)))), sourceLocation: sourceLocation
    ) {
      $0.answerArrived(page)
    }
  }
}

/// Groups and rooms beside a test about people (every kind on, as in production; the default
/// clients list nothing): each query change is asserted to move them as their rules say, and
/// their first answers are received, in the order they arrived (they race, as in the app).
extension TestStore {
  /// Sends a query change, asserting the test's `update` for people (and the list, the pane)
  /// and what groups and rooms do with the new query; then receives their first answers.
  func sendQuery(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation, _ update: ((inout AppState) -> Void)? = nil
  ) async {
    guard exhaustivity == .on else {
      // Not exhaustive: the answers run as they arrive; a named change still says the others'.
      let checked: ((inout AppState) -> Void)? = update.map { update in
        {
          update(&$0)
          $0.otherKindsFollowQuery()
        }
      }
      return await send(.search(.queryChanged(text)), sourceLocation: sourceLocation, checked)
    }
    await send(.search(.queryChanged(text)), sourceLocation: sourceLocation) {
      update?(&$0)
      $0.otherKindsFollowQuery()
    }
    await receiveOtherKindsAnswers(sourceLocation: sourceLocation)
  }

  /// Receives the answers groups and rooms are waiting for ("my groups", the rooms' list):
  /// both empty, each asserted as its rule says.
  func receiveOtherKindsAnswers(sourceLocation: SourceLocation = #_sourceLocation) async {
    await settle(sourceLocation: sourceLocation)
    var groupsWait = state.groups.myGroupsLoading
    var roomsWait = state.rooms.catalog == .loading(.graph)
    while groupsWait || roomsWait {
      switch receivedActions.first {
      case .search(.answered(let id, let answer))? where groupsWait && answer.value(as: MyGroupsAnswer.self) != nil:
        groupsWait = false
        await receive(
          .search(.answered(id: id, .myGroups(.success(GroupPage(groups: []))))), sourceLocation: sourceLocation
        ) {
          $0.noGroupsOfMineArrived()
        }
      case .search(.answered(_, let answer))? where roomsWait && answer.kind == .room:
        roomsWait = false
        let catalog = RoomCatalog(rooms: [])
        await receive(
          .search(.answered(id: state.rooms.requestID, .rooms(.success(catalog)))), sourceLocation: sourceLocation
        ) {
          $0.roomsArrived(catalog)
        }
      default:
        Issue.record(
          "expected the other kinds' answers (groups: \(groupsWait), rooms: \(roomsWait)), got \(receivedActions)",
          sourceLocation: sourceLocation)
        return
      }
    }
  }
}
