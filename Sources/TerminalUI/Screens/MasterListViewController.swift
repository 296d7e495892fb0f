import Foundation
import Geometry
import RosterCore

/// The search field and the result list.
///
/// Typing always goes to the search field (the query lives in `AppState`; only the cursor column
/// is kept here); Up/Down/PgUp/PgDn/Home/End and Ctrl-N/Ctrl-P move the selection meanwhile.
/// When the selection comes within `nearEndThreshold(pageSize:)` rows of the end of what is
/// loaded, the key also asks for the next page (the reducer decides whether there is one).
@MainActor
public final class MasterListViewController: ViewController {
  public var frame: Rect = .zero
  /// The search field's cursor (the query is in state).
  private var cursor = FieldCursor()
  /// First visible row (view-local).
  private(set) var scrollOffset = 0
  /// How far ahead of the end the next page is asked for: half a page, and never under 5 rows.
  /// A held Down key moves about 50 rows a second: five rows are 100 ms, about one round trip at
  /// 80 ms with nothing to spare, and a selection that reaches the end stands there while the
  /// pane and its photo load for a row the person was only passing. Half a page of 20 is 200 ms
  /// of held key: two round trips.
  static func nearEndThreshold(pageSize: Int) -> Int { max(5, pageSize / 2) }

  public init() {}

  // MARK: - Keys

  public func keyTable(in state: AppState) -> KeyTable {
    let field = state.field
    let step = state.layout.listPageStep
    let onePane = state.layout.showsOnePaneAtATime
    return KeyTable([
      // `q` types once the query holds text (a name with a q in it); with it empty, `q` is the
      // global table's quit. `?` is always help (no one searches for a question mark).
      // Tab, too, while a filter is being typed at the end of the field: it completes it (and
      // passes on to the root's Tab, which switches panes, when nothing matches).
      .fallback("type", "search", over: typedOverGlobal(state)) {
        [self] key, state in edit(key, state)
      },
      KeyCommand([.up, .down], "select", hint: true) { [self] key, state in
        .handled(move(by: key == .up ? -1 : 1, state))
      },
      KeyCommand([.pageUp, .pageDown], "page") { [self] key, state in
        .handled(move(by: key == .pageUp ? -step : step, state))
      },
      KeyCommand([.home, .end], "first/last") { [self] key, state in
        cursor.selectionMoved()
        guard key == .end else { return .handled([.list(.selectionMovedTo(0))]) }
        return .handled([.list(.selectionMovedTo(Int.max))] + nearEnd(after: state.listRowCount - 1, state))
      },
      KeyCommand([.control("n"), .control("p")], "next/previous") { [self] key, state in
        .handled(move(by: key == .control("p") ? -1 : 1, state))
      },
      KeyCommand([.enter], onePane ? "open detail" : "to detail", hint: true) { _, state in
        guard state.hasListSelection else { return .handled([]) }
        return .handled([onePane ? .list(.detailOpened) : .app(.focusSwitched)])
      },
      // With the query empty Esc is not the list's: the root's dismisses a banner.
      KeyCommand([.escape], "clear search", hint: !field.query.isEmpty, when: !field.query.isEmpty) { _, _ in
        .handled([.search(.queryChanged(""))])
      },
      KeyCommand([.left, .right, .control("a"), .control("e")], label: "←/→ Ctrl-A/E", "move cursor") {
        [self] key, state in edit(key, state)
      },
      KeyCommand([.control("u"), .control("k"), .control("w")], label: "Ctrl-U/K/W", "delete to start/end/word") {
        [self] key, state in edit(key, state)
      },
      KeyCommand([.control("r")], "search again") { _, _ in .handled([.search(.retryRequested)]) },
      // One key steps through what the list holds; help names the kind it switches to.
      KeyCommand(
        [.control("g")], "list \(state.list.kind.next(among: state.enabledKinds).label(among: state.enabledKinds))",
        when: state.enabledKinds.count > 1
      ) { _, _ in .handled([.list(.kindSwitched)]) },
    ])
  }

  /// Global keys the field takes while typing: `q` once the query holds text, Tab while a filter
  /// is being typed at the cursor's end of the field (`dep`, `dept:res`: `AppState.completedFilter`).
  private func typedOverGlobal(_ state: AppState) -> [Key] {
    let query = state.field.query.string
    guard !query.isEmpty else { return [] }
    let completes = cursor.isAtEnd(of: query) && state.mayCompleteFilter
    return [.character("q"), .character("Q")] + (completes ? [.tab] : [])
  }

  /// The fallback and the cursor rows: `key` edits the search field (query in state, cursor here).
  private func edit(_ key: Key, _ state: AppState) -> KeyResult {
    if key == .tab { return state.completedFilter().map { .handled([.search(.queryChanged($0))]) } ?? .ignored }
    guard let text = cursor.apply(key, to: state.field.query.string) else { return .ignored }
    var actions: [AppAction] = text == state.field.query.string ? [] : [.search(.queryChanged(text))]
    if case .paste(let pasted) = key,
      let notice = Self.pasteCutNotice(pasted, before: state.field.query.string, after: text)
    {
      actions.append(.app(.warningRaised(notice)))
    }
    return .handled(actions)
  }

  /// What to say when a paste did not fit the search field (a megabyte pasted by mistake is cut
  /// at `TextFieldModel.defaultMaxLength`): the person should know the query is not all they pasted.
  static func pasteCutNotice(_ pasted: String, before: String, after: String) -> String? {
    let kept = after.count - before.count
    let offered = TextFieldModel.singleLine(pasted).count
    guard offered > kept else { return nil }
    return "The paste was cut to fit the search field (\(TextFieldModel.defaultMaxLength) characters at most)."
  }

  private func move(by delta: Int, _ state: AppState) -> [AppAction] {
    cursor.selectionMoved()
    let count = state.listRowCount
    guard count > 0 else { return [] }
    let current = state.selectedRow ?? -1
    let target = min(max(0, current + delta), count - 1)
    return [.list(.selectionMoved(by: delta))] + nearEnd(after: target, state)
  }

  private func nearEnd(after target: Int, _ state: AppState) -> [AppAction] {
    guard state.listCanLoadMore, target >= state.listRowCount - Self.nearEndThreshold(pageSize: state.field.pageSize)
    else { return [] }
    return [.list(.nearEndReached)]
  }

  /// The wheel moves the selection; a click selects the row under it (rows from the state's layout,
  /// the scroll offset from the last frame: that one is view-local).
  public func mouse(_ event: MouseEvent, in state: AppState) -> KeyResult {
    let pane = state.visibleLayout.list
    switch event.kind {
    case .wheelUp: return .handled(move(by: -3, state))
    case .wheelDown: return .handled(move(by: 3, state))
    case .press(button: 0):
      let line = scrollOffset + event.row - (pane.row + 2)
      guard event.row >= pane.row + 2, let index = ListRows(state).row(atLine: line) else {
        return .handled([])
      }
      cursor.selectionMoved()
      return .handled([.list(.selectionMovedTo(index))] + nearEnd(after: index, state))
    default: return .handled([])
    }
  }

  // MARK: - Drawing

  public func render(_ state: AppState, into surface: inout some Surface, focused: Bool) {
    guard !frame.isEmpty else { return }
    cursor.sync(with: state.field.query.string)
    surface.clear(frame)
    TextFieldView.render(
      label: "Search: ", text: state.field.query.string, cursor: cursor.column,
      placeholder: SearchFieldPrompt.placeholder(width: frame.cols - DisplayWidth.of("Search: ")), row: frame.row,
      in: frame, focused: focused, into: &surface
    )
    let (statusText, statusStyle) = state.listStatusLine
    surface.put(statusText, line: 1, in: frame, style: statusStyle)
    let listRect = Rect(row: frame.row + 2, col: frame.col, rows: frame.rows - 2, cols: frame.cols)
    let search = state.search
    let rows = state.listRows
    if rows.isEmpty {
      scrollOffset = 0
      for (index, line) in state.emptyListMessage(width: listRect.cols - 2).enumerated() {
        surface.put(line, line: index + 1, in: listRect, indent: 1, style: .muted)
      }
      return
    }
    // Close matches follow the exact answer below a divider line, rooms follow the people below
    // another: lines and rows differ by them.
    let lines = ListRows(state)
    let selectedRow = state.selectedRow
    scrollOffset = ListView.scrollOffset(
      selection: lines.line(ofRow: selectedRow ?? 0), count: lines.count,
      visibleRows: listRect.rows, previous: scrollOffset
    )
    let showTitle = state.account?.canReadFullProfiles ?? false || search.results.contains { $0.jobTitle != nil }
    // Presence: a glyph before the name, and the word in a last column where there is room
    // (the glyphs' shapes still differ without it).
    let presence = state.showsPresence ? state.currentPresence : nil
    // The person's own people lead their tier, marked after the name (issue 32).
    let near = state.yourPeople.people.closeness
    let markWidth = DisplayWidth.of(" " + YourPeople.mark)
    // Columns sized from the rows on screen (docs/decisions/ui-terminal.md#ui--keys-and-layout):
    // full names and addresses first, then the presence word and the job title in what is left. A group's
    // "address" is the word saying what it is, then its mail.
    let shown = (scrollOffset..<min(lines.count, scrollOffset + listRect.rows)).compactMap(lines.row(atLine:))
      .map { rows[$0] }
    let shownPeople = shown.compactMap { if case .person(let person) = $0 { person } else { nil } }
    let shownOthers = shown.filter { $0.kind != .person }
    let columns = PeopleColumns(
      total: listRect.cols - 1,
      names: shownPeople.map {
        DisplayWidth.of($0.listName) + (presence == nil ? 0 : 2) + (near.rank(of: $0.id) == nil ? 0 : markWidth)
      } + shownOthers.map { DisplayWidth.of($0.listName) },
      address: (shownPeople.map { DisplayWidth.of($0.listAddress) }
        + shownOthers.map { DisplayWidth.of($0.listAddress(now: state.now)) })
        .max() ?? 0,
      title: showTitle ? shownPeople.map { DisplayWidth.of($0.listTitle) }.max() ?? 0 : nil,
      presence: presence.map { known in
        shownPeople.map { DisplayWidth.of(known[$0.id]?.word ?? "") }.max() ?? 0
      },
      addressUser: shownPeople.map { Truncation.addressUserWidth($0.listAddress) }.max() ?? 0
    )
    let widths = columns.widths
    // Rows kept from an earlier query (offline, refining) are dimmed; the status line says why.
    // Each kind is answered apart, so each is marked on its own.
    let styles = Dictionary(uniqueKeysWithValues: ObjectKind.allCases.map { ($0, state.rowsMatchQuery($0)) })
    func style(_ kind: ObjectKind, _ row: ListRow? = nil) -> Style {
      styles[kind] == true ? row?.listWarning(now: state.now) ?? .plain : .dim
    }
    // The glyph is coloured only on rows showing the current query's answer (others are dimmed).
    let accent: (Int) -> (text: String, style: Style)? = { line in
      guard let index = lines.row(atLine: line) else { return nil }
      let row = rows[index]
      guard styles[row.kind] == true else { return nil }
      if case .person(let person) = row {
        guard let known = presence?[person.id] else { return nil }
        return (known.glyph, known.style)
      }
      return row.kindGlyph.map { ($0, Style(color: .accent)) }
    }
    ListView.render(
      count: lines.count, selection: selectedRow.map(lines.line(ofRow:)), offset: scrollOffset,
      in: listRect, focused: focused, placesCursor: !cursor.isTyping, rowStyle: style(.person),
      rowStyles: { line in lines.row(atLine: line).map { style(rows[$0].kind, rows[$0]) } ?? style(.person) },
      accent: accent, into: &surface
    ) { line, _ in
      guard let index = lines.row(atLine: line) else { return "" }
      let row = rows[index]
      guard case .person(let person) = row else {
        // Without an address column the word still says what the row is.
        // A name wider than its column spans the row (PeopleColumns): never cut for an address.
        if columns.address == nil || columns.spans(nameWidth: DisplayWidth.of(row.listName)) {
          return Truncation.fit(row.listName + " · " + row.kind.singular, toWidth: columns.total)
        }
        return ListView.layoutRow([row.listName, row.listAddress(now: state.now)], widths: widths)
      }
      let known = presence?[person.id]
      let listed = near.rank(of: person.id) == nil ? person.listName : person.listName + " " + YourPeople.mark
      let name = presence == nil ? listed : (known?.glyph ?? " ") + " " + listed
      if columns.spans(nameWidth: DisplayWidth.of(name)) { return Truncation.fit(name, toWidth: columns.total) }
      let texts =
        [name] + (columns.address.map { [Truncation.fitAddress(person.listAddress, toWidth: $0)] } ?? [])
        + (columns.title == nil ? [] : [person.listTitle])
        + (columns.presence == nil ? [] : [known?.word ?? ""])
      return ListView.layoutRow(texts, widths: widths)
    }
    for divider in lines.dividerLines where divider.line >= scrollOffset && divider.line < scrollOffset + listRect.rows
    {
      surface.put(
        ListRows.dividerText(divider.label, width: listRect.cols), row: listRect.row + divider.line - scrollOffset,
        col: listRect.col, width: listRect.cols, style: .muted)
    }
  }
}

// MARK: - Presentation

extension AppState {
  /// The line under the search field: what the people search and every other kind's search are
  /// doing, how many rows of each there are, and which kinds the list holds when not all. People's
  /// part leads (it is always there); the other kinds follow in list order, each said from its
  /// `KindListStatus` by one rule.
  fileprivate var listStatusLine: (String, Style) {
    guard enabledKinds.count > 1, !field.normalizedQuery.isEmpty else { return peopleStatusLine }
    if let only = list.kind.only {
      let label = only.plural.prefix(1).uppercased() + only.plural.dropFirst() + " only"
      if only == .person { return (label + " · " + peopleStatusLine.0, peopleStatusLine.1) }
      if field.narrowsPeopleOnly { return (label + " · filters narrow people only", .plain) }
      let part = statusText(of: only)
      return (label + " · " + part.0, part.1)
    }
    var people = peopleStatusLine
    let others = ObjectKind.listOrder.filter { $0 != .person }.map(statusText(of:)).filter { !$0.0.isEmpty }
    guard !others.isEmpty else { return people }
    // Groups or rooms found where no person was: the line says whom it did not find, without alarm.
    if search.status == .noMatches, listRowCount > shownPeople.count {
      people = ("No people for \u{201C}\(field.query.string)\u{201D}", .plain)
    }
    let style = ([people] + others).map(\.1).first { $0 != .plain } ?? .plain
    return (([people] + others).map(\.0).joined(separator: " · "), style)
  }

  /// A kind's part of the status line: "3 groups", "5 of 12+ groups (Ctrl-G for all)", "rooms…",
  /// "rooms: offline", "2 of your groups · the rest need GroupMember.Read.All (admin consent)";
  /// empty when there is nothing to say (none found beside other kinds is no news).
  fileprivate func statusText(of kind: ObjectKind) -> (String, Style) {
    let plural = kind.plural
    switch listStatus(of: kind) {
    case .idle: return ("", .plain)
    case .searching(let narrowed):
      return narrowed == 0 ? ("\(plural)…", .plain) : ("\(narrowed) \(plural), narrowed · searching…", .plain)
    case .offline: return ("\(plural): offline", .warning)
    case .failed(let message): return ("\(plural): " + message.string, .error)
    case .needsPermission(let permission): return ("\(plural) need \(permission) (admin consent)", .warning)
    case .onlyYours(let count, let permission):
      let noun = count == 1 ? kind.singular : plural
      return ("\(NumberText.grouped(count)) of your \(noun) · the rest need \(permission) (admin consent)", .warning)
    case .results(let listed, let total, let more, let loadingMore, let fromIndex):
      if total == 0, list.kind == .all { return ("", .plain) }
      let plus = more ? "+" : ""
      let noun = total == 1 && !more ? kind.singular : plural
      var text =
        listed < total
        ? "\(NumberText.grouped(listed)) of \(NumberText.grouped(total))\(plus) \(noun)"
        : "\(NumberText.grouped(total))\(plus) \(noun)"
      if list.kind == .all && (listed < total || more) { text += " (Ctrl-G for all)" }
      if loadingMore { text += " · loading more…" }
      if fromIndex { text += " (local index)" }
      return (text, .plain)
    }
  }

  /// The people half of the line (all of it without groups).
  fileprivate var peopleStatusLine: (String, Style) {
    let search = self.search
    let query = field.query.string
    let shownFrom = search.resultsQuery?.string ?? ""
    switch search.status {
    case .idle:
      return ("Type to search the directory", .muted)
    case .searching:
      return ("Searching for \u{201C}\(query)\u{201D}…", .plain)
    case .refining:
      return ("\(search.results.count) shown, narrowed from \u{201C}\(shownFrom)\u{201D} · searching…", .plain)
    case .results:
      return (resultCount + (search.isLoadingMore ? " · loading more…" : ""), .plain)
    case .noMatches:
      return ("No matches for \u{201C}\(query)\u{201D}", .warning)
    case .throttled(let countdown):
      let what =
        switch countdown.reason {
        case .throttled: "Graph asked us to wait (throttled)"
        case .signInUnavailable: "Sign-in service unavailable (still signed in)"
        default: "Graph is unavailable"
        }
      return ("\(what) · retrying in \(countdown.secondsLeft(now: now)) s", .warning)
    case .offline:
      let kept = search.results.isEmpty ? "" : " · showing earlier results for \u{201C}\(shownFrom)\u{201D}"
      return ("Offline\(kept) · type to retry", .warning)
    case .failed(let message), .refused(let message):
      return (message.string, .error)
    }
  }

  /// "25 of 1,203" when the server counted, "3 matches" otherwise, "+" when more pages exist.
  fileprivate var resultCount: String {
    let close = closeMatchesStart.map { search.results.count - $0 } ?? 0
    let shown = search.results.count - close
    if close > 0 {
      let exact = shown == 0 ? "No exact matches" : "\(NumberText.grouped(shown)) \(shown == 1 ? "match" : "matches")"
      return "\(exact) · \(NumberText.grouped(close)) close"
    }
    if let total = search.totalCount, total > shown {
      return "\(NumberText.grouped(shown)) of \(NumberText.grouped(total))"
    }
    let more = search.hasMore ? "+" : ""
    return "\(NumberText.grouped(shown))\(more) \(shown == 1 && more.isEmpty ? "match" : "matches")"
  }

  /// Lines shown in place of an empty list.
  fileprivate func emptyListMessage(width: Int) -> [String] {
    let query = field.query.string
    var lines: [String]
    // A kind listed alone says why it lists nothing, in its own presentation file.
    if let only = list.kind.only, let kind = only.item as? any KindPresentable.Type {
      if field.narrowsPeopleOnly {
        let lines = ["Filters (dept:, office:, is: …) narrow people only.", "Ctrl-G lists people."]
        return lines.flatMap { Truncation.wrap($0, width: max(1, width)) }
      }
      if enabledKinds.contains(only), !field.normalizedQuery.isEmpty {
        return kind.emptyListLines(self).flatMap { Truncation.wrap($0, width: max(1, width)) }
      }
    }
    switch search.status {
    case .idle: lines = SearchFieldPrompt.idleLines
    case .searching, .refining: lines = ["Searching…"]
    case .noMatches:
      lines = ["No one matches \u{201C}\(query)\u{201D}.", "Check the spelling or type less of the name."]
      if let hint = SearchSyntaxHelp.phoneHint(query) { lines = [lines[0], hint] }
      // Graph compares a mail or user name from its start only: 杨伟 (wei.yang@…) is found by
      // `wei`, not `yang`. The index finds both (`CloseMatches.byMailName`); without it, say so.
      if !index.isUsable(at: now) {
        lines.append("Known by a name in another script? Try the start of their mail name.")
      }
    case .throttled(let countdown):
      let what = countdown.reason == .signInUnavailable ? "the sign-in service" : "Microsoft Graph"
      lines = ["Waiting for \(what).", "Retrying in \(countdown.secondsLeft(now: now)) s."]
    case .offline(let message): lines = ["Offline: \(message)", "Type to try again."]
    case .failed(let message): lines = [message.string, "Ctrl-R to try again."]
    // A question of syntax: asking again gives the same answer; the message says what to change.
    case .refused(let message): lines = [message.string]
    case .results: lines = []
    }
    return lines.flatMap { Truncation.wrap($0, width: max(1, width)) }
  }
}
