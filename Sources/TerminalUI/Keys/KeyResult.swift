import RosterCore

/// What a key table (a pane's, the help overlay's, the root's) did with a key.
///
/// `.ignored` and `.handled([])` differ on purpose: an ignored key goes on to the next table (the
/// root's global keys), a handled one stops where it is even when it only changed view-local
/// state (a scroll offset, a cursor column) and so has no action to send.
public enum KeyResult: Equatable, Sendable {
  /// Not this table's key: the next one in the routing order gets it.
  case ignored
  /// Taken here; the actions (possibly none) go to `Store.send`, in order.
  case handled([AppAction])
  /// Taken here, for the terminal session itself rather than the state (Ctrl-L, Ctrl-Z).
  case terminal(TerminalRequest)

  /// The actions to send (none unless `.handled`).
  public var actions: [AppAction] {
    if case .handled(let actions) = self { return actions }
    return []
  }
}

/// Work on the terminal that no reducer can do: repaint every cell, suspend the process.
public enum TerminalRequest: Equatable, Sendable {
  case redraw
  case suspend
}
