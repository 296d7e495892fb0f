import AppRuntime
import Foundation
import RosterCore
import SearchRules
import TestSupport
import Testing

/// Issue 32's "your people" in the app: read from Graph when the sign-in holds People.Read and the
/// kept list is a day old, kept in the index, forgotten without the permission or on a refusal;
/// Enter on a person records them as opened; Graph's answers are ranked with them first in a tier.
@MainActor
@Suite struct YourPeopleReducerTests {
  static let ada = Person(id: "u-ada", displayName: "Ada Lovelace", mail: "ada@contoso.test")
  static let adam = Person(id: "u-adam", displayName: "Adam Smith", mail: "adam@contoso.test")

  /// An attached index keeping `kept`, recording what it is asked to keep.
  final class Kept: Sendable {
    let kept: YourPeople
    let saved = LockedValue<[[String]]>([])
    let forgot = LockedValue(0)
    let opened = LockedValue<[String]>([])
    init(_ kept: YourPeople = .none) { self.kept = kept }

    var index: LocalIndexClient {
      LocalIndexClient(
        attach: { _ in nil }, search: { _, _ in [] }, sync: { _ in .busy }, remove: { _ in },
        yourPeople: YourPeopleStore(
          load: { self.kept },
          saveWorksWith: { ids, _ in self.saved.withLock { $0.append(ids) } },
          forgetWorksWith: { self.forgot.withLock { $0 += 1 } },
          recordOpened: { id, _ in self.opened.withLock { $0.append(id) } }))
    }
  }

  /// `/me/people` answering `result`, counting the calls.
  final class Graph: Sendable {
    let result: Result<[String], DirectoryError>
    let calls = LockedValue(0)
    init(_ result: Result<[String], DirectoryError>) { self.result = result }
    var client: WorksWithClient {
      WorksWithClient(read: {
        self.calls.withLock { $0 += 1 }
        return try self.result.get()
      })
    }
  }

  static func signedIn(scopes: [String]) -> AppState {
    var state = AppState.signedIn()
    state.account?.grantedScopes += scopes
    return state
  }

  static let summary = LocalIndexSummary(complete: true, people: 2, lastSync: nil)

  @Test func theListIsReadKeptAndRanksGraphsAnswers() async {
    let index = Kept()
    let graph = Graph(.success(["u-adam"]))
    let store = TestStore(state: Self.signedIn(scopes: ["People.Read"]), index: index.index, worksWith: graph.client)
    store.exhaustivity = .off(reason: "the read, what is kept and the ranking")
    await store.send(.index(.attached(Self.summary)))
    await store.settle()
    #expect(graph.calls.withLock { $0 } == 1)
    #expect(index.saved.withLock { $0 } == [["u-adam"]])
    #expect(store.state.yourPeople.people.worksWith == ["u-adam"])
    #expect(store.state.yourPeople.people.worksWithReadAt == store.state.now)
    // A day has not passed: a sync does not read it again.
    await store.send(.index(.syncFinished(.synced(Self.summary))))
    await store.settle()
    #expect(graph.calls.withLock { $0 } == 1)
    // Graph's answer lists Ada first (alphabetical); Adam, whom the person works with, leads.
    await store.sendQuery("ada")
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.ada, Self.adam])) }
    await store.settle()
    #expect(store.state.search.results.map(\.id) == ["u-adam", "u-ada"])
    // A day later the next sync reads it again.
    await store.advance(by: .seconds(YourPeople.refreshAfter + 1))
    await store.send(.index(.syncFinished(.synced(Self.summary))))
    await store.settle()
    #expect(graph.calls.withLock { $0 } == 2)
  }

  @Test func withoutThePermissionNothingIsAskedAndTheKeptListGoes() async {
    let kept = YourPeople(worksWith: ["u-adam"], worksWithReadAt: Date(timeIntervalSince1970: 1))
    let index = Kept(kept)
    let graph = Graph(.success(["u-adam"]))
    let store = TestStore(state: Self.signedIn(scopes: []), index: index.index, worksWith: graph.client)
    store.exhaustivity = .off(reason: "what is asked and forgotten")
    await store.send(.index(.attached(Self.summary)))
    await store.settle()
    #expect(graph.calls.withLock { $0 } == 0)
    #expect(index.forgot.withLock { $0 } == 1)
    #expect(store.state.yourPeople.people.worksWith.isEmpty)
    #expect(store.state.banner == nil, "no error anywhere but roster doctor")
  }

  @Test func aRefusalForgetsTheListAndSaysNothingOnScreen() async {
    let kept = YourPeople(worksWith: ["u-adam"], worksWithReadAt: Date(timeIntervalSince1970: 1))
    let index = Kept(kept)
    let graph = Graph(.failure(.permissionDenied(WorksWithClient.permissionExplanation)))
    let store = TestStore(state: Self.signedIn(scopes: ["People.Read"]), index: index.index, worksWith: graph.client)
    store.exhaustivity = .off(reason: "what is forgotten")
    await store.send(.index(.attached(Self.summary)))
    await store.settle()
    #expect(graph.calls.withLock { $0 } == 1)
    #expect(index.forgot.withLock { $0 } == 1)
    #expect(store.state.yourPeople.people.isEmpty)
    #expect(store.state.banner == nil)
  }

  @Test func aFailedReadKeepsTheListForTheNextSync() async {
    let kept = YourPeople(worksWith: ["u-adam"], worksWithReadAt: Date(timeIntervalSince1970: 1))
    let index = Kept(kept)
    let graph = Graph(.failure(.offline("The network connection was lost.")))
    let store = TestStore(state: Self.signedIn(scopes: ["People.Read"]), index: index.index, worksWith: graph.client)
    store.exhaustivity = .off(reason: "what is kept")
    await store.send(.index(.attached(Self.summary)))
    await store.settle()
    #expect(store.state.yourPeople.people.worksWith == ["u-adam"])
    #expect(index.forgot.withLock { $0 } == 0)
    await store.send(.index(.syncFinished(.synced(Self.summary))))
    await store.settle()
    #expect(graph.calls.withLock { $0 } == 2)
  }

  @Test func enterOnAPersonRecordsThemAsOpened() async {
    let index = Kept()
    let store = TestStore(state: Self.signedIn(scopes: []), index: index.index)
    store.exhaustivity = .off(reason: "what is recorded")
    await store.sendQuery("ada")
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.ada, Self.adam])) }
    await store.settle()
    await store.send(.list(.selectionMoved(by: 1)))
    await store.send(.app(.focusSwitched))
    await store.settle()
    #expect(index.opened.withLock { $0 } == ["u-adam"])
    #expect(store.state.yourPeople.people.opened.map(\.id) == ["u-adam"])
    // Back to the list is not another opening.
    await store.send(.app(.focusSwitched))
    await store.settle()
    #expect(index.opened.withLock { $0 } == ["u-adam"])
    // The next search ranks Adam first in his tier, marked by the state's list.
    await store.sendQuery("ad")
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [Self.ada, Self.adam])) }
    await store.settle()
    #expect(store.state.search.results.map(\.id) == ["u-adam", "u-ada"])
    guard case .opened = store.state.yourPeople.people.reason(for: "u-adam") else {
      Issue.record("Adam is not marked as opened")
      return
    }
  }

  @Test func signingOutForgetsTheListsOnScreen() {
    var state = Self.signedIn(scopes: ["People.Read"])
    state.yourPeople.people.open("u-ada", at: state.now)
    _ = reduce(&state, .app(.signOutRequested))
    #expect(state.yourPeople == YourPeopleState())
  }
}
