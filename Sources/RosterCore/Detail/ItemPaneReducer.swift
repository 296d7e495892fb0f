/// The item pane (`ItemPane`): shown at once from the row by its kind (`SearchedKind.show`), then
/// its one read; its walkable rows open through the walk every pane shares (`DetailReducer.walk`),
/// so Backspace comes back.
enum ItemPaneReducer {
  static func reduce(_ state: inout AppState, _ action: ItemPaneAction) -> [Effect] {
    guard case .item(var pane) = state.detail.pane else { return [] }
    switch action {
    case .loaded(let id, let detail):
      guard id == state.detail.requestID, detail.kind == pane.item.base.kind else { return [] }
      if let error = detail.failure {
        pane.detail = .failed(message(for: error, kind: detail.kind))
      } else {
        pane.detail = .loaded(detail)
      }
      pane.rowIndex = min(pane.rowIndex, max(0, pane.walkable.count - 1))
      state.detail.pane = .item(pane)
      return []
    case .rowMoved(let delta):
      let count = pane.walkable.count
      guard count > 0 else { return [] }
      pane.rowIndex = min(max(0, pane.rowIndex + delta), count - 1)
      state.detail.pane = .item(pane)
      return []
    case .rowOpened:
      guard let subject = pane.selectedRow else { return [] }
      return DetailReducer.walk(&state, to: subject)
    case .retryRequested:
      guard case .failed = pane.detail else { return [] }
      state.detail.requestID += 1
      pane.detail = .loading
      state.detail.pane = .item(pane)
      let item = pane.item.base
      return [
        .loadPane(PaneRequest(item.kind, id: item.id, source: state.directorySource), requestID: state.detail.requestID)
      ]
    }
  }

  /// A failed read in words: a missing permission names it.
  private static func message(for error: DirectoryError, kind: ObjectKind) -> CleanText {
    if case .permissionDenied = error, let permission = kind.readPermission {
      return CleanText("Reading its details needs \(permission).")
    }
    return error.plainMessage
  }
}

extension ListedItem {
  /// The kind of row it is, read from its type.
  public var kind: ObjectKind { Self.objectKind }
}
