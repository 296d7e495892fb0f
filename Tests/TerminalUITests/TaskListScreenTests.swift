import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// The B2C task list and its sign-in screen drawn at 80×24 and 40×12, and its keys as the root
/// routes them.
@MainActor
@Suite struct TaskListScreenTests {
  static let sizes: [(rows: Int, cols: Int)] = [(24, 80), (12, 40)]
  static let customer = Account(
    homeAccountId: "oid-b2c.tid", username: "aoife.oconnor@contoso.onmicrosoft.com", displayName: "Aoife O'Connor",
    tenantId: "tid", authority: "https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signupsignin")
  static let items = [
    TaskItem(id: "1", text: "Book the dentist"), TaskItem(id: "2", text: "Renew the passport", completed: true),
    TaskItem(id: "3", text: "Water the plants and the long row of tomatoes along the south-facing wall"),
    TaskItem(id: "4", text: "山田さんに電話する"),
  ]

  static func state(rows: Int, cols: Int, _ change: (inout AppState) -> Void = { _ in }) -> AppState {
    var state = AppState(
      settings: Settings(clientId: "c"), signInMethod: .browser, now: Date(timeIntervalSince1970: 1_800_000_000),
      home: .tasks)
    state.terminal = TerminalSize(rows: rows, cols: cols)
    state.screen = .tasks
    state.account = customer
    state.tasks.items = items
    state.tasks.status = .loaded
    state.tasks.selection = 1
    change(&state)
    return state
  }

  func snapshot(_ name: String, _ change: @escaping (inout AppState) -> Void = { _ in }) {
    for size in Self.sizes {
      let root = RootViewController()
      var buffer = ScreenBuffer(rows: size.rows, cols: size.cols)
      root.render(Self.state(rows: size.rows, cols: size.cols, change), into: &buffer)
      assertSnapshot(buffer, named: "\(name)-\(size.cols)x\(size.rows)")
    }
  }

  @Test func listWithStateSelectionAndCustomerName() { snapshot("tasks-list") }

  @Test func addingWithAPendingTask() {
    snapshot("tasks-adding") { state in
      state.tasks.draft = "Buy milk"
      state.tasks.items.append(TaskItem(id: "local-1", text: "Call the garage"))
      state.tasks.rollbacks["1"] = .completed(was: false)
      state.tasks.items[0].completed = true
    }
  }

  @Test func confirmingADelete() { snapshot("tasks-confirm-delete") { $0.tasks.confirmingDelete = "2" } }

  @Test func emptyList() { snapshot("tasks-empty") { $0.tasks.items = [] } }

  @Test func failedLoadWithARefusalBanner() {
    snapshot("tasks-failed") { state in
      state.tasks.status = .failed("Could not reach the task service: connection refused")
      state.banner = Banner(
        message: "Not deleted: The task service answered 503.", kind: .error, expiresAt: .distantFuture)
    }
  }

  @Test func b2cSignInSaysThereIsNoDeviceCode() {
    snapshot("tasks-signin-browser") { state in
      state.screen = .login
      state.account = nil
      state.login.phase = .browser(
        url:
          "https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signupsignin/oauth2/v2.0/authorize?client_id=c",
        listeningOn: "http://localhost:50123")
    }
  }

  @Test func confirmingASignOut() { snapshot("tasks-confirm-sign-out") { $0.tasks.confirmingSignOut = true } }

  /// Issue 19 item 5: every printable key types into the add field, so "Water the plants" and
  /// "do laundry" arrive whole; commands are keys no one types into a task.
  @Test func typingAlwaysGoesToTheAddField() {
    let root = RootViewController()
    var state = Self.state(rows: 24, cols: 80)
    for letter in "Wadroq" {
      #expect(
        root.actions(for: .character(letter), in: state) == [.tasks(.draftEdited(String(letter)))],
        "\(letter) is text")
    }
    #expect(root.actions(for: .character(" "), in: state) == [.tasks(.completionToggled)], "field empty: toggles")
    #expect(root.actions(for: .delete, in: state) == [.tasks(.deleteRequested)])
    #expect(root.actions(for: .control("d"), in: state) == [.tasks(.deleteRequested)])
    #expect(root.actions(for: .control("r"), in: state) == [.tasks(.reloadRequested)])
    #expect(root.actions(for: .control("o"), in: state) == [.tasks(.signOutAsked)], "asks first, like delete")
    #expect(root.actions(for: .down, in: state) == [.tasks(.selectionMoved(by: 1))])
    #expect(root.actions(for: .character("?"), in: state) == [.app(.helpToggled)])
    #expect(root.actions(for: .enter, in: state).isEmpty, "nothing to add")
    #expect(root.actions(for: .control("c"), in: state) == [.app(.quitRequested)])

    state.tasks.draft = "buy"
    #expect(root.actions(for: .character(" "), in: state) == [.tasks(.draftEdited("buy "))], "a space in the text")
    #expect(root.actions(for: .character("?"), in: state) == [.tasks(.draftEdited("buy?"))])
    #expect(root.actions(for: .enter, in: state) == [.tasks(.addSubmitted)])
    #expect(root.actions(for: .escape, in: state) == [.tasks(.draftEdited(""))])
    #expect(root.actions(for: .down, in: state) == [.tasks(.selectionMoved(by: 1))])

    state.tasks.draft = ""
    state.tasks.confirmingDelete = "2"
    #expect(root.actions(for: .character("y"), in: state) == [.tasks(.deleteConfirmed)])
    #expect(root.actions(for: .character("n"), in: state) == [.tasks(.deleteCancelled)])
    #expect(root.actions(for: .character("q"), in: state) == [.tasks(.deleteCancelled)], "an answer, not quit")
    #expect(root.focusPath(state) == ["Root", "TaskList"])
    state.tasks.confirmingDelete = nil
    state.tasks.confirmingSignOut = true
    #expect(root.actions(for: .character("y"), in: state) == [.app(.signOutRequested)])
    #expect(root.actions(for: .character("n"), in: state) == [.tasks(.signOutCancelled)])

    // The help lists exactly what dispatch does, and does not offer q to quit: q is text here.
    let plain = Self.state(rows: 24, cols: 80)
    let help = root.taskList.bindings(in: plain).map(\.keys) + root.globalBindings(plain).map(\.keys)
    #expect(help.contains("Space") && help.contains("Delete") && help.contains("Ctrl-R"))
    #expect(help.contains("Ctrl-O") && help.contains("Ctrl-C") && !help.contains { $0.hasPrefix("q") })
  }

  @Test func theB2CSignInOffersNoDeviceCode() {
    let root = RootViewController()
    var state = Self.state(rows: 24, cols: 80)
    state.screen = .login
    state.login.phase = .failed(SignInFailure(message: "cancelled"))
    #expect(root.actions(for: .character("d"), in: state).isEmpty)
    #expect(root.actions(for: .enter, in: state) == [.login(.browserRequested)])
    state.login.phase = .browser(url: "https://x", listeningOn: nil)
    #expect(root.actions(for: .escape, in: state).isEmpty)
    #expect(root.actions(for: .character("d"), in: state) == [.login(.redirectFieldEdited("d"))])
  }
}
