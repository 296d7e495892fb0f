import Foundation
import RosterCore
import TestSupport
import Testing

/// The task list's reducer: loads, optimistic add / toggle / delete with rollback, and the way
/// back to sign-in. Pure: `reduce` with states and actions, effects compared as data.
struct TaskListReducerTests {
  static let tasks = [
    TaskItem(id: "1", text: "Book the dentist"), TaskItem(id: "2", text: "Renew the passport", completed: true),
    TaskItem(id: "3", text: "Water the plants"),
  ]

  /// A B2C profile signed in and looking at `items`.
  static func onList(_ items: [TaskItem] = tasks) -> AppState {
    var state = AppState(settings: Fixtures.settings, signInMethod: .browser, home: .tasks)
    _ = reduce(&state, .login(.signInEventReceived(.signedIn(Fixtures.account))))
    _ = reduce(&state, .tasks(.loaded(id: state.tasks.requestID, .success(items))))
    return state
  }

  @Test func signingInWithATaskProfileOpensTheListAndLoadsIt() {
    var state = AppState(settings: Fixtures.settings, signInMethod: .browser, home: .tasks)
    let effects = reduce(&state, .login(.signInEventReceived(.signedIn(Fixtures.account))))
    #expect(state.screen == .tasks)
    #expect(state.account == Fixtures.account)
    #expect(state.tasks.status == .loading)
    #expect(effects == [.tasks(.load(requestID: 1))], "no Graph warm-up for a B2C token")

    // An answer for an older load is dropped; the current one fills the list.
    _ = reduce(&state, .tasks(.reloadRequested))
    _ = reduce(&state, .tasks(.loaded(id: 1, .success([TaskItem(id: "9", text: "stale")]))))
    #expect(state.tasks.items.isEmpty)
    _ = reduce(&state, .tasks(.loaded(id: 2, .success(Self.tasks))))
    #expect(state.tasks.items == Self.tasks)
    #expect(state.tasks.status == .loaded)
  }

  @Test func addingShowsTheTaskAtOnceAndTheServiceAnswerReplacesIt() {
    var state = Self.onList()
    _ = reduce(&state, .tasks(.draftEdited("  Buy \u{1B}[31mmilk ")))
    let effects = reduce(&state, .tasks(.addSubmitted))
    #expect(effects == [.tasks(.add(text: "Buy milk", localID: "local-1"))])
    #expect(state.tasks.items.last == TaskItem(id: "local-1", text: "Buy milk"))
    #expect(state.tasks.isPending("local-1"))
    #expect(state.tasks.draft.isEmpty)
    #expect(state.tasks.selection == 3)
    _ = reduce(&state, .tasks(.added(localID: "local-1", .success(TaskItem(id: "7", text: "Buy milk")))))
    #expect(state.tasks.items.map(\.id) == ["1", "2", "3", "7"])
    #expect(!state.tasks.isPending("7"))
  }

  @Test func aRefusedAddIsTakenBackWithTheTextReturnedToTheField() {
    var state = Self.onList()
    _ = reduce(&state, .tasks(.draftEdited("Buy milk")))
    _ = reduce(&state, .tasks(.addSubmitted))
    let effects = reduce(
      &state, .tasks(.added(localID: "local-1", .failure(.refused("Please provide a task description")))))
    #expect(state.tasks.items == Self.tasks)
    #expect(state.tasks.draft == "Buy milk")
    #expect(state.banner?.message == "Not added: Please provide a task description")
    #expect(state.banner?.kind == .error)
    #expect(effects.count == 1, "a tick to clear the banner")
  }

  @Test func emptyOrOverlongTextIsRefusedBeforeSending() {
    var state = Self.onList()
    _ = reduce(&state, .tasks(.draftEdited("   ")))
    #expect(reduce(&state, .tasks(.addSubmitted)).allSatisfy { if case .tasks(.add) = $0 { false } else { true } })
    #expect(state.tasks.items == Self.tasks)
    #expect(state.banner?.message == "Type what the task is first.")
    _ = reduce(&state, .tasks(.draftEdited(String(repeating: "x", count: 10_000))))
    _ = reduce(&state, .tasks(.addSubmitted))
    #expect(state.tasks.items == Self.tasks)
    #expect(state.tasks.draft.count == 10_000, "nothing typed is lost")
  }

  @Test func toggleIsOptimisticAndRollsBackWhenRefused() {
    var state = Self.onList()
    #expect(reduce(&state, .tasks(.completionToggled)) == [.tasks(.setCompleted(id: "1", completed: true))])
    #expect(state.tasks.items[0].completed)
    #expect(reduce(&state, .tasks(.completionToggled)).isEmpty, "one change at a time per task")
    _ = reduce(&state, .tasks(.completionSaved(id: "1", .failure(.service(status: 503, message: "busy")))))
    #expect(state.tasks.items[0].completed == false)
    #expect(state.banner?.message == "Still open: The task service answered 503: busy")

    _ = reduce(&state, .tasks(.selectionMoved(by: 1)))
    _ = reduce(&state, .tasks(.completionToggled))
    let saved = TaskItem(
      id: "2", text: "Renew the passport", completed: false, dateModified: Date(timeIntervalSince1970: 9))
    _ = reduce(&state, .tasks(.completionSaved(id: "2", .success(saved))))
    #expect(state.tasks.items[1] == saved)
  }

  @Test func aReloadKeepsChangesStillOnTheirWay() {
    var state = Self.onList()
    _ = reduce(&state, .tasks(.completionToggled))
    _ = reduce(&state, .tasks(.selectionMovedTo(2)))
    _ = reduce(&state, .tasks(.deleteRequested))
    _ = reduce(&state, .tasks(.deleteConfirmed))
    _ = reduce(&state, .tasks(.reloadRequested))
    _ = reduce(&state, .tasks(.loaded(id: state.tasks.requestID, .success(Self.tasks))))
    #expect(state.tasks.items.map(\.id) == ["1", "2"])
    #expect(state.tasks.items[0].completed, "the toggle in flight still shows")
  }

  @Test func deleteAsksFirstThenRemovesAndPutsBackWhenRefused() {
    var state = Self.onList()
    _ = reduce(&state, .tasks(.selectionMovedTo(1)))
    _ = reduce(&state, .tasks(.deleteRequested))
    #expect(state.tasks.confirmingDelete == "2")
    _ = reduce(&state, .tasks(.deleteCancelled))
    #expect(state.tasks.confirmingDelete == nil)
    #expect(state.tasks.items == Self.tasks)

    _ = reduce(&state, .tasks(.deleteRequested))
    #expect(reduce(&state, .tasks(.deleteConfirmed)) == [.tasks(.delete(id: "2"))])
    #expect(state.tasks.items.map(\.id) == ["1", "3"])
    _ = reduce(&state, .tasks(.deleted(id: "2", .failure(.offline("Could not reach the task service: reset")))))
    #expect(state.tasks.items == Self.tasks, "back where it was")
    #expect(state.banner?.message == "Not deleted: Could not reach the task service: reset")

    // Already gone on the server counts as deleted.
    _ = reduce(&state, .tasks(.deleteRequested))
    _ = reduce(&state, .tasks(.deleteConfirmed))
    _ = reduce(&state, .tasks(.deleted(id: "2", .failure(.notFound))))
    #expect(state.tasks.items.map(\.id) == ["1", "3"])
  }

  @Test func aSessionTheServiceNoLongerAcceptsGoesBackToSignIn() {
    var state = Self.onList()
    let failure = SignInFailure(message: "The provided grant has been revoked.", error: "invalid_grant")
    let effects = reduce(&state, .tasks(.loaded(id: state.tasks.requestID, .failure(.signInRequired(failure)))))
    #expect(effects == [.cancel(id: .tasks), .signIn(.browser)])
    #expect(state.screen == .login)
    #expect(state.account == nil)
    #expect(state.login.reason?.string.contains("revoked") == true)
    // Signing in again returns to the list and reloads it.
    #expect(
      reduce(&state, .login(.signInEventReceived(.signedIn(Fixtures.account)))).contains(.tasks(.load(requestID: 2))))
    #expect(state.screen == .tasks)
  }

  @Test func aMissingScopeIsExplainedOnTheList() {
    var state = Self.onList()
    _ = reduce(&state, .tasks(.completionToggled))
    _ = reduce(
      &state, .tasks(.completionSaved(id: "1", .failure(.missingScope("The sign-in lacks the write permission.")))))
    #expect(state.screen == .tasks)
    #expect(state.banner?.message == "Still open: The sign-in lacks the write permission.")
  }

  @Test func signingOutForgetsTheList() {
    var state = Self.onList()
    let requestID = state.tasks.requestID
    let effects = reduce(&state, .app(.signOutRequested))
    #expect(state.screen == .login)
    var forgotten = TaskListState()
    forgotten.requestID = requestID + 1  // ids only grow: a late answer cannot match a new request
    #expect(state.tasks == forgotten)
    #expect(effects.last == .signOut)
  }
}
