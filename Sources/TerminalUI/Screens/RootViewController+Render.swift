import Geometry
import RosterCore

/// Drawing the whole screen: panes, dividers, status line, key hints, help overlay.
extension RootViewController {
  /// Draws everything from `state` into `surface` (which may be any size, even tiny).
  public func render(_ state: AppState, into surface: inout some Surface) {
    let (rows, cols) = (surface.rows, surface.cols)
    surface.clear(surface.bounds)
    // The state's layout; a surface of another size (a resize not reported yet) gets the same
    // pure function's answer for its own size, so drawing never leaves it.
    let size = TerminalSize(rows: rows, cols: cols)
    let layout = size == state.terminal ? state.visibleLayout : Layout(size).showing(detail: state.isDetailCoveringList)
    guard layout.mode != .tooSmall else {
      renderTooSmall(rows: rows, cols: cols, into: &surface)
      return
    }
    let body = layout.body
    let focusedPane = focused(state)
    switch state.screen {
    case .setup:
      setup.frame = body
      setup.render(state, into: &surface, focused: true)
    case .login:
      login.frame = body
      login.render(state, into: &surface, focused: true)
    case .main:
      list.frame = layout.list
      detail.frame = layout.detail
      list.render(state, into: &surface, focused: focusedPane === list)
      detail.render(state, into: &surface, focused: focusedPane === detail)
      renderDivider(layout, into: &surface)
    case .tasks:
      taskList.frame = body
      taskList.render(state, into: &surface, focused: true)
    }
    if !renderStatusLine(state, in: layout.statusLine, into: &surface) {
      let hints = KeyBinding.hints(focusedPane.bindings(in: state) + globalBindings(state), width: layout.hintBar.cols)
      StatusBar.render(left: hints, right: "", row: layout.hintBar.row, in: layout.hintBar, into: &surface)
    }
    if !state.isHelpVisible {
      helpScroll = ScrollPosition()  // opens at the top next time
    } else {
      HelpOverlay.render(
        sections: [
          (title: focusName(state), bindings: focusedPane.bindings(in: state)),
          (title: "Everywhere", bindings: globalBindings(state)),
          (title: "In the search field", bindings: searchSyntaxBindings(state)),
        ],
        scroll: &helpScroll, in: body, into: &surface
      )
    }
    if state.accounts.isOpen { AccountPicker.render(state.accounts, in: body, into: &surface) }
    switch state.fix.step {
    case .finished?, .stopped?: break
    default: fixScroll = ScrollPosition()  // what a write came to opens at its top
    }
    if state.fix.isOpen { FixOverlay.render(state.fix, scroll: &fixScroll, in: body, into: &surface) }
  }

  /// What the field understands beside a name (`SearchSyntaxHelp`), while the list has the focus;
  /// an empty section is left out.
  func searchSyntaxBindings(_ state: AppState) -> [KeyBinding] {
    guard state.screen == .main, state.focus != .detail else { return [] }
    return SearchSyntaxHelp.entries.map { KeyBinding($0.typed, $0.finds) }
  }

  private func focusName(_ state: AppState) -> String {
    switch state.screen {
    case .setup: return "Setup"
    case .login: return "Sign-in"
    case .main: return state.focus == .detail ? "Detail pane" : "Search and list"
    case .tasks: return "Task list"
    }
  }

  private func renderDivider(_ layout: Layout, into surface: inout some Surface) {
    let divider = layout.divider
    guard !divider.isEmpty else { return }
    if layout.mode == .sideBySide {
      for row in divider.row..<divider.maxRow { surface.put("│", row: row, col: divider.col, style: .dim) }
    } else {
      surface.put(String(repeating: "─", count: divider.cols), row: divider.row, col: divider.col, style: .dim)
    }
  }

  /// What is happening on the left, who is signed in where on the right. Returns true when a
  /// banner too long for the line took the hint bar below it too (`renderWrapped`).
  private func renderStatusLine(_ state: AppState, in line: Rect, into surface: inout some Surface) -> Bool {
    // With several accounts signed in, who and where takes up to two thirds, so both fit.
    let share = state.accounts.severalSignedIn ? line.cols * 2 / 3 : line.cols / 2
    var right = Self.whoIsSignedIn(state, fitting: share)
    var left: String
    var style: Style = .plain
    if let banner = state.banner {
      left = banner.message.string
      style = banner.kind == .error ? .error : .success
      if DisplayWidth.of(left) > line.cols - min(DisplayWidth.of(right), share) - 1 {
        return Self.renderWrapped(left, style: style, in: line, into: &surface)
      }
    } else {
      left = state.activity
      // Where the list comes from and how fresh it is: "index, synced 3 min ago", or the
      // progress of the first sync ("indexing 12,000 of ~200,000").
      // Filters (`dept:` …) the index cannot answer are Graph's (`AppState.filtersAskGraph`).
      if state.screen == .main, state.filtersAskGraph {
        left += " · Microsoft Graph (filters)"
      } else if state.screen == .main, let index = state.index.statusText(at: state.now) {
        left += " · " + index
      } else if state.screen == .main, state.index.offline, !left.hasPrefix("Offline") {
        // No index to say it: Graph could not be reached at the last read (issue 40).
        left += " · offline"
      }
    }
    // What is happening comes before who is signed in: where the note would be cut beside the
    // usual form, who takes a shorter one (or none) if that leaves the note whole (issue 28).
    let leftWidth = DisplayWidth.of(left)
    if leftWidth + 1 + min(DisplayWidth.of(right), share) > line.cols, leftWidth <= line.cols {
      let room = line.cols - leftWidth - 1
      let shorter = Self.whoIsSignedIn(state, fitting: room)
      right = DisplayWidth.of(shorter) <= room ? shorter : ""
    }
    let rightWidth = min(DisplayWidth.of(right), share)
    surface.put(left, row: line.row, col: 0, width: line.cols - rightWidth - 1, style: style)
    surface.put(
      Truncation.fitRight(right, toWidth: rightWidth), row: line.row, col: line.cols - rightWidth,
      style: state.isDemo ? .warning : .dim)
    return false
  }

  /// A banner wider than the status line beside who is signed in (issue 28 item 9: "Local index
  /// damaged: rebuilding it from t…"): the whole line first, then wrapped, its last line on the
  /// hint bar (the hints come back with the banner's end) and any more above the status line.
  /// Returns whether the hint bar was taken.
  static func renderWrapped(_ message: String, style: Style, in line: Rect, into surface: inout some Surface) -> Bool {
    let wrapped = Truncation.wrap(message, width: max(1, line.cols - 1))
    guard wrapped.count > 1 else {
      surface.put(message, row: line.row, col: 0, width: line.cols, style: style)
      return false
    }
    let first = max(0, line.row + 2 - wrapped.count)
    for (index, text) in wrapped.enumerated() where first + index <= line.row + 1 {
      surface.put(text, row: first + index, col: 0, width: line.cols, style: style)
    }
    return true
  }

  /// Who is signed in where, in the longest form that fits `width` whole: "user · tenant id",
  /// else the user name, else its part before the `@` (a B2C customer: their name first). An
  /// address is never cut in the middle while a shorter whole form fits (issue 19: a cut
  /// "…@contoso.onmicrosof…" says less than "aoife.oconnor").
  static func whoIsSignedIn(_ state: AppState, fitting width: Int) -> String {
    var forms: [String]
    if let account = state.account, state.screen == .tasks {
      forms = [account.displayName, account.username].compactMap { $0?.string }
      // Beside other accounts, say which kind this one is.
      if state.accounts.severalSignedIn { forms = forms.map { $0 + " · B2C" } + ["B2C"] }
    } else if let account = state.account {
      let user = account.username.string
      let tenant = account.tenantId.string
      forms = [user + " · tenant " + tenant, user]
      if let at = user.firstIndex(of: "@"), at != user.startIndex { forms.append(String(user[..<at])) }
      if state.accounts.severalSignedIn {
        // With several accounts the tenant matters as much as the user: every form names both
        // (the tenant id's first block is enough to tell two apart).
        let short = " · " + String(tenant.prefix(8))
        forms = [forms[0], user + short, AccountPicker.shortUser(user) + short, String(tenant.prefix(8))]
      }
    } else {
      forms = ["not signed in"]
    }
    if state.isDemo { forms = forms.map { "DEMO · " + $0 } + ["DEMO"] }
    // A form that fits whole, else none: a name cut to "konstantinos.papado…" reads as someone
    // else's (issue 40); the account picker (Ctrl-T) and `roster status` name it in full.
    return forms.first { DisplayWidth.of($0) <= width } ?? ""
  }

  private func renderTooSmall(rows: Int, cols: Int, into surface: inout some Surface) {
    let lines = [
      "Terminal too small", "\(cols)×\(rows): Roster needs", "at least \(Layout.minimumCols)×\(Layout.minimumRows).",
      "q quits",
    ]
    let top = max(0, (rows - lines.count) / 2)
    for (index, text) in lines.enumerated() where top + index < rows {
      let fitted = Truncation.truncate(text, toWidth: cols)
      let col = max(0, (cols - DisplayWidth.of(fitted)) / 2)
      surface.put(fitted, row: top + index, col: col, style: index == 0 ? .bold : .plain)
      if index == 0 { surface.placeCursor(row: top, col: col) }
    }
  }
}

extension AppState {
  /// One line about what the app is doing, for the status line.
  fileprivate var activity: String {
    switch screen {
    case .setup: return "Setup: no client id configured"
    case .login where accounts.switchingTo != nil: return "Switching account…"
    case .login:
      switch login.phase {
      case .idle: return "Not signed in"
      case .restoring: return "Restoring session…"
      case .starting: return "Starting sign-in…"
      case .deviceCode(_, let slowDown): return slowDown ? "Polling (slowed down)…" : "Waiting for sign-in…"
      case .browser: return "Waiting for the browser…"
      case .failed: return "Sign-in failed"
      }
    case .tasks:
      switch tasks.status {
      case .idle, .loading: return "Loading tasks…"
      case .failed: return "Could not load the tasks"
      case .loaded: return tasks.rollbacks.isEmpty ? "\(tasks.items.count) tasks" : "Saving…"
      }
    case .main:
      switch search.status {
      case .idle: return "Ready"
      case .searching: return "Searching…"
      case .refining: return "Refining…"
      case .results: return search.isLoadingMore ? "Loading more…" : "Results"
      case .noMatches: return listRowCount == shownPeople.count ? "No matches" : "Results"
      case .throttled(let countdown): return "Throttled: retry in \(countdown.secondsLeft(now: now)) s"
      case .offline: return "Offline"
      case .failed: return "Error"
      case .refused: return "Cannot search"
      }
    }
  }
}
