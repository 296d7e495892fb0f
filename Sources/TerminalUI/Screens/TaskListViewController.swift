import Foundation
import RosterCore

/// The B2C task list (issue 14): the customer's tasks with their state, a field to add one,
/// Space to toggle done, `d` then `y` to delete, `r` to reload, `o` to sign out.
///
/// Keys go to the list or to the add field (`TaskListState.focus`): in the list, letters are
/// commands; in the field they are text. The draft and the selection live in `AppState`; only the
/// field's cursor and the scroll offset are kept here.
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
        .fallback("any other key", "keep it", hint: true) { _, _ in .handled([.tasks(.deleteCancelled)]) },
      ])
    }
    return tasks.focus == .field ? fieldTable(state) : listTable(state)
  }

  private func listTable(_ state: AppState) -> KeyTable {
    let tasks = state.tasks
    let step = max(1, frame.rows - 3)
    let hasSelection = tasks.selectedTask != nil
    return KeyTable([
      KeyCommand([.up, .down], also: [.control("p"), .control("n")], "select", hint: true) { key, _ in
        .handled([.tasks(.selectionMoved(by: key == .up || key == .control("p") ? -1 : 1))])
      },
      KeyCommand([.pageUp, .pageDown], "page") { key, _ in
        .handled([.tasks(.selectionMoved(by: key == .pageUp ? -step : step))])
      },
      KeyCommand([.home, .end], "first/last") { key, _ in
        .handled([.tasks(.selectionMovedTo(key == .home ? 0 : Int.max))])
      },
      KeyCommand([.character(" ")], "done / not done", hint: hasSelection, when: hasSelection) { _, _ in
        .handled([.tasks(.completionToggled)])
      },
      KeyCommand([.character("a")], also: [.tab, .backTab, .character("A")], label: "a/Tab", "add a task", hint: true) {
        _, _ in .handled([.tasks(.focusMoved(.field))])
      },
      KeyCommand([.character("d")], also: [.character("D"), .delete], "delete", hint: hasSelection, when: hasSelection)
      {
        _, _ in .handled([.tasks(.deleteRequested)])
      },
      KeyCommand([.character("r")], also: [.character("R"), .control("r")], "reload", hint: true) { _, _ in
        .handled([.tasks(.reloadRequested)])
      },
      KeyCommand([.character("o")], also: [.character("O")], "sign out") { _, _ in .handled([.app(.signOutRequested)])
      },
      KeyCommand([.character("q")], also: [.character("Q")], "quit", hint: true) { _, _ in
        .handled([.app(.quitRequested)])
      },
      KeyCommand([.character("?")], "help") { _, _ in .handled([.app(.helpToggled)]) },
    ])
  }

  private func fieldTable(_ state: AppState) -> KeyTable {
    KeyTable([
      .fallback("type", "the task") { [self] key, state in edit(key, state) },
      KeyCommand([.enter], "add it", hint: true) { _, _ in .handled([.tasks(.addSubmitted)]) },
      KeyCommand([.escape], also: [.tab, .backTab, .down], label: "Esc/Tab", "back to the list", hint: true) { _, _ in
        .handled([.tasks(.focusMoved(.list))])
      },
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
    } else {
      TextFieldView.render(
        label: "Add: ", text: tasks.draft, cursor: cursor.column,
        placeholder: tasks.focus == .field ? "type a task, Enter adds it" : "press a to add a task",
        row: frame.row + 1, in: frame, focused: tasks.focus == .field, into: &surface)
    }
    let listRect = Rect(row: frame.row + 2, col: frame.col, rows: frame.rows - 2, cols: frame.cols)
    guard !tasks.items.isEmpty else {
      scrollOffset = 0
      let empty = tasks.status == .loading ? "Loading your tasks…" : "No tasks yet. Press a, type one and press Enter."
      surface.put(empty, line: 1, in: listRect, indent: 1, style: .muted)
      return
    }
    scrollOffset = ListView.scrollOffset(
      selection: tasks.selection, count: tasks.items.count, visibleRows: listRect.rows, previous: scrollOffset)
    ListView.render(
      count: tasks.items.count, selection: tasks.focus == .list ? tasks.selection : nil, offset: scrollOffset,
      in: listRect, focused: focused && tasks.focus == .list, into: &surface
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
      return ("Could not load the tasks: \(message) · r retries", .error)
    default:
      let open = items.count - completedCount
      let saving = rollbacks.isEmpty && !items.contains { isPending($0.id) } ? "" : " · saving…"
      let loading = status == .loading ? " · reloading…" : ""
      return ("Your tasks · \(open) open, \(completedCount) done\(saving)\(loading)", .title)
    }
  }
}
