import Foundation
import Geometry
import RosterCore

/// The B2C task list (issue 14): the customer's tasks with their state and, above them, the add
/// field that typing always goes to.
///
/// No printable key is a command (issue 19 item 5): "Water the plants" and "do laundry" arrive
/// whole. Commands are keys no one types into a task: ↑/↓ select, Enter adds, Space (with the
/// field empty) toggles done, Delete (field empty) then `y` deletes, Ctrl-R reloads, Ctrl-O then
/// `y` signs out. The draft and the selection live in `AppState`; only the field's cursor and the
/// scroll offset are kept here.
@MainActor
public final class TaskListViewController: ViewController {
  public var frame: Rect = .zero
  /// The add field's cursor (the draft is in state).
  private var cursor = FieldCursor()
  /// First visible task (view-local).
  private var scrollOffset = 0

  public init() {}

  // MARK: - Keys

  public func keyTable(in state: AppState) -> KeyTable {
    let tasks = state.tasks
    if tasks.confirmingDelete != nil {
      return KeyTable([
        KeyCommand([.character("y")], also: [.character("Y")], "delete it", hint: true) { _, _ in
          .handled([.tasks(.deleteConfirmed)])
        },
        .answer("any other key", "keep it", hint: true) { _, _ in .handled([.tasks(.deleteCancelled)]) },
      ])
    }
    if tasks.confirmingSignOut {
      return KeyTable([
        KeyCommand([.character("y")], also: [.character("Y")], "sign out", hint: true) { _, _ in
          .handled([.app(.signOutRequested)])
        },
        .answer("any other key", "stay signed in", hint: true) { _, _ in .handled([.tasks(.signOutCancelled)]) },
      ])
    }
    let step = max(1, frame.rows - 3)
    let empty = tasks.draft.isEmpty
    let hasSelection = tasks.selectedTask != nil
    return KeyTable([
      // `q` is text here ("quit smoking"); `?` too once the field holds text ("which one?").
      .fallback(
        "type", "the task", over: [.character("q"), .character("Q")] + (empty ? [] : [.character("?")])
      ) { [self] key, state in edit(key, state) },
      KeyCommand([.enter], "add it", hint: true, when: !empty) { _, _ in .handled([.tasks(.addSubmitted)]) },
      KeyCommand([.up, .down], also: [.control("p"), .control("n")], "select", hint: true) { [self] key, _ in
        cursor.selectionMoved()
        return .handled([.tasks(.selectionMoved(by: key == .up || key == .control("p") ? -1 : 1))])
      },
      KeyCommand([.pageUp, .pageDown], "page") { [self] key, _ in
        cursor.selectionMoved()
        return .handled([.tasks(.selectionMoved(by: key == .pageUp ? -step : step))])
      },
      KeyCommand([.home, .end], "first/last") { [self] key, _ in
        cursor.selectionMoved()
        return .handled([.tasks(.selectionMovedTo(key == .home ? 0 : Int.max))])
      },
      // With the field empty, Space and Delete act on the selected task; with text they edit it.
      KeyCommand([.character(" ")], "done / not done", hint: true, when: empty && hasSelection) { _, _ in
        .handled([.tasks(.completionToggled)])
      },
      KeyCommand([.delete], also: [.control("d")], "delete", hint: true, when: empty && hasSelection) { _, _ in
        .handled([.tasks(.deleteRequested)])
      },
      KeyCommand([.escape], "clear the field", when: !empty) { _, _ in .handled([.tasks(.draftEdited(""))]) },
      // Not hinted: on an 80-column bar, Ctrl-C quit (q is text here) matters more.
      KeyCommand([.control("r")], "reload") { _, _ in .handled([.tasks(.reloadRequested)]) },
      KeyCommand([.control("o")], "sign out") { _, _ in .handled([.tasks(.signOutAsked)]) },
      KeyCommand([.left, .right, .control("a"), .control("e")], label: "←/→ Ctrl-A/E", "move cursor") {
        [self] key, state in edit(key, state)
      },
      KeyCommand([.control("u"), .control("k"), .control("w")], label: "Ctrl-U/K/W", "delete to start/end/word") {
        [self] key, state in edit(key, state)
      },
    ])
  }

  private func edit(_ key: Key, _ state: AppState) -> KeyResult {
    let draft = state.tasks.draft
    guard let text = cursor.apply(key, to: draft, maxLength: TaskText.maxCharacters + 1) else { return .ignored }
    return .handled(text == draft ? [] : [.tasks(.draftEdited(text))])
  }

  // MARK: - Drawing

  public func render(_ state: AppState, into surface: inout some Surface, focused: Bool) {
    guard !frame.isEmpty else { return }
    let tasks = state.tasks
    cursor.sync(with: tasks.draft)
    surface.clear(frame)
    let (heading, headingStyle) = tasks.heading
    surface.put(heading, line: 0, in: frame, style: headingStyle)
    if let id = tasks.confirmingDelete, let task = tasks.items.first(where: { $0.id == id }) {
      let text = Truncation.truncate(task.text.string, toWidth: max(8, frame.cols - 24))
      surface.put(
        "Delete \u{201C}\(text)\u{201D}? y deletes, any other key keeps it", line: 1, in: frame, style: .warning)
      if focused { surface.placeCursor(row: frame.row + 1, col: frame.col) }
    } else if tasks.confirmingSignOut {
      surface.put("Sign out? y yes, any other key no", line: 1, in: frame, style: .warning)
      if focused { surface.placeCursor(row: frame.row + 1, col: frame.col) }
    } else {
      TextFieldView.render(
        label: "Add: ", text: tasks.draft, cursor: cursor.column, placeholder: "type a task, Enter adds it",
        row: frame.row + 1, in: frame, focused: focused, into: &surface)
    }
    let listRect = Rect(row: frame.row + 2, col: frame.col, rows: frame.rows - 2, cols: frame.cols)
    guard !tasks.items.isEmpty else {
      scrollOffset = 0
      let empty = tasks.status == .loading ? "Loading your tasks…" : "No tasks yet. Type one above and press Enter."
      surface.put(empty, line: 1, in: listRect, indent: 1, style: .muted)
      return
    }
    scrollOffset = ListView.scrollOffset(
      selection: tasks.selection, count: tasks.items.count, visibleRows: listRect.rows, previous: scrollOffset)
    ListView.render(
      count: tasks.items.count, selection: tasks.selection, offset: scrollOffset, in: listRect, focused: focused,
      placesCursor: !cursor.isTyping && tasks.confirmingDelete == nil && !tasks.confirmingSignOut, into: &surface
    ) { index, width in
      let task = tasks.items[index]
      let box = task.completed ? "[x] " : "[ ] "
      let pending = tasks.isPending(task.id) ? " …" : ""
      return Truncation.fit(box + task.text.string + pending, toWidth: width)
    }
  }
}

extension TaskListState {
  /// The first line: counts, or what is happening.
  fileprivate var heading: (String, Style) {
    switch status {
    case .idle,
      .loading where items.isEmpty:
      return ("Your tasks · loading…", .title)
    case .failed(let message):
      return ("Could not load the tasks: \(message) · Ctrl-R retries", .error)
    default:
      let open = items.count - completedCount
      let saving = rollbacks.isEmpty && !items.contains { isPending($0.id) } ? "" : " · saving…"
      let loading = status == .loading ? " · reloading…" : ""
      return ("Your tasks · \(open) open, \(completedCount) done\(saving)\(loading)", .title)
    }
  }
}
