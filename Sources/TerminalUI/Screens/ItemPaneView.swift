import RosterCore

/// How a `SearchedKind`'s pane reads (a device, an app): its kind's presentation file conforms its
/// model, so the pane names no kind.
protocol ItemPanePresentable {
  /// The pane's lines for `pane` (its row, then what its read added), and the line of each
  /// walkable row, in `pane.walkable`'s order.
  func paneLines(_ pane: ItemPane, in state: AppState, width: Int) -> (lines: [StyledLine], rowLines: [Int])
}

/// An item's pane: its lines from its kind, a selection over the people and objects it names
/// (Enter walks to one), `r` after a failed read.
struct ItemPaneView: PaneView {
  var pane: ItemPane

  func keyTable(_ controller: DetailViewController, in state: AppState) -> KeyTable {
    controller.itemKeyTable(pane, in: state)
  }

  func body(_ controller: DetailViewController, _ state: AppState, focused: Bool) -> PaneBody {
    let width = controller.frame.cols - 2
    guard let presented = pane.item.base as? any ItemPanePresentable else {
      return PaneBody(lines: [StyledLine(""), StyledLine(pane.item.base.id)])
    }
    var (lines, rowLines) = presented.paneLines(pane, in: state, width: width)
    var selected: ClosedRange<Int>?
    if rowLines.indices.contains(pane.rowIndex) {
      let line = rowLines[pane.rowIndex]
      selected = line...line
      if focused, lines.indices.contains(line) {
        lines[line] = StyledLine(lines[line].text, style: .selectedFocused)
        controller.revealsSelection = true
      }
    }
    return PaneBody(lines: lines, selected: selected, anchor: rowLines.first)
  }
}

extension DetailViewController {
  /// The item pane's keys: its walkable rows when it has them, else scrolling; the way back; `y`
  /// copies the id; typing searches again.
  func itemKeyTable(_ pane: ItemPane, in state: AppState) -> KeyTable {
    let onePane = state.layout.showsOnePaneAtATime
    let rows = state.visibleLayout.detail.rows
    let back: AppAction = onePane ? .detail(.closed) : .app(.focusSwitched)
    var commands: [KeyCommand] = []
    if pane.walkable.isEmpty {
      commands.append(scrollCommand(rows: rows, page: max(1, rows - 3)))
    } else {
      commands += [
        KeyCommand([.up, .down], also: [.control("p"), .control("n")], "select", hint: true) { [self] key, _ in
          revealsSelection = true
          return .handled([.itemPane(.rowMoved(key == .up || key == .control("p") ? -1 : 1))])
        },
        KeyCommand([.enter], "open", hint: true) { _, _ in .handled([.itemPane(.rowOpened)]) },
      ]
    }
    if case .failed = pane.detail {
      commands.append(
        KeyCommand([.character("r")], "retry", hint: true) { _, _ in .handled([.itemPane(.retryRequested)]) })
    }
    return KeyTable(
      commands + wayBackCommands(walked: state.detail.trail.count > 1, onePane: onePane, back: back) + [
        KeyCommand([.character("y")], "copy id", hint: true) { _, _ in Self.copy("id", pane.item.base.id) },
        typingSearches(state, back: back),
      ])
  }
}

extension ItemPane {
  /// The lines every item pane shows while its one read is not answered: `reading` ("Reading
  /// owners…") while it is asked, the failure and how to retry when it failed; nil once loaded,
  /// when the kind shows its detail.
  func pendingLines(reading: String, width: Int) -> [StyledLine]? {
    switch detail {
    case .loading:
      return [StyledLine(Truncation.fit(reading, toWidth: width), style: .muted)]
    case .failed(let message):
      return Truncation.wrap(message.string, width: width).map { StyledLine($0, style: .error) }
        + [StyledLine(Truncation.fit("r to retry", toWidth: width), style: .muted)]
    case .loaded:
      return nil
    }
  }
}
