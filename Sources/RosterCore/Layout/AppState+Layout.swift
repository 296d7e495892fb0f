extension AppState {
  /// Whether the detail pane covers the list (single-pane mode, Enter pressed on someone).
  public var isDetailCoveringList: Bool { singlePaneDetailOpen && hasListSelection }

  /// `layout` with only the visible pane in single-pane mode: what is drawn and hit by the mouse.
  public var visibleLayout: Layout { layout.showing(detail: isDetailCoveringList) }
}
