import Geometry
import RosterCore

/// The detail pane: every readable field of the selected person, scrolled with the arrows when it
/// has focus. A field the token may not read says so (`User.Read.All` needed) instead of a blank.
@MainActor
public final class DetailViewController: ViewController {
  public var frame: Rect = .zero
  /// First visible line (view-local); reset when another person is shown.
  var scrollOffset = 0
  private var shownPersonID: String?
  var lineCount = 0
  /// Set by ↑/↓ on the org chart: the next frame brings the selected row into view. Only then:
  /// a pane that opens (or shows the next person of a walk) starts at its top, the person's name,
  /// user name and mail in view, at every size (issue 19 item 7), and scrolling by hand is not
  /// undone every frame.
  var revealsSelection = false
  /// Set by `m` and `t`: once "Member of" has come, its selected row is brought into view.
  var revealsMemberOf = false
  /// Whether the last frame showed the selected org-chart, "Member of" or member row. The pane
  /// opens at its top with the first report selected below the fold: the first ↓ then brings
  /// that row into view instead of moving past a row never seen selected (issue 28 item 10).
  var selectionInView = true
  /// Whether the person's pane shows its links row (Chat · Call · Mail · Entra, OSC 8): set at
  /// start from `HyperlinkSupport`, off where the terminal would print the sequence.
  public var showsLinks = false

  public init() {}

  // MARK: - Keys

  /// One view per kind of subject, each with its own keys (the shared rows — the way back,
  /// scrolling — are shared functions).
  public func keyTable(in state: AppState) -> KeyTable { state.detail.pane.view.keyTable(self, in: state) }

  /// A person's keys (also the empty pane's: scrolling and the way back).
  func personKeyTable(_ pane: PersonPane?, in state: AppState) -> KeyTable {
    let onePane = state.layout.showsOnePaneAtATime
    let rows = state.visibleLayout.detail.rows
    let page = max(1, rows - 3)
    // Leaving the pane: close it over the list (one pane at a time) or move the focus back.
    let back: AppAction = onePane ? .detail(.closed) : .app(.focusSwitched)
    // ↑/↓ select a manager or report when there are any (Enter opens them), else scroll.
    let hasOrgRows = !(pane?.orgRows.isEmpty ?? true)
    let walked = state.detail.trail.count > 1
    let person = pane?.person
    // Scrolling is view-local: `.handled([])`, redrawn after every key. Rows that do not apply
    // (no one to select, no path to go back along) are left out, so help shows what works now.
    var commands: [KeyCommand] = []
    if hasOrgRows {
      commands += [
        KeyCommand([.up, .down], also: [.control("p"), .control("n")], "select", hint: true) {
          [self] key, _ in
          revealsSelection = true
          guard selectionInView else { return .handled([]) }
          return .handled([.detail(.orgRowMoved(by: key == .up || key == .control("p") ? -1 : 1))])
        },
        KeyCommand([.enter], "open", hint: true) { _, _ in .handled([.detail(.orgRowOpened)]) },
        KeyCommand([.pageUp, .pageDown, .character(" ")], "scroll") { [self] key, _ in
          scroll(by: key == .pageUp ? -page : page, rows: rows)
          return .handled([])
        },
      ]
    } else {
      commands.append(scrollCommand(rows: rows, page: page))
    }
    // Before the copy keys: on a narrow hint bar, the way out matters more.
    commands += wayBackCommands(walked: walked, onePane: onePane, back: back)
    return KeyTable(
      commands + [
        KeyCommand([.home, .end], "top/bottom") { [self] key, _ in
          if key == .home { scrollOffset = 0 } else { scroll(by: lineCount, rows: rows) }
          return .handled([])
        },
        KeyCommand([.character("y")], "copy mail", hint: true) { _, _ in
          // Without a mail the address shown (and copied) is the user name: say which it was.
          Self.copy(person?.mail.map { $0.string.isEmpty } == false ? "mail" : "user name", person?.listAddress)
        },
        KeyCommand([.character("u")], "copy user name") { _, _ in
          Self.copy("user name", person.map { $0.userPrincipalName?.string ?? "" })
        },
        KeyCommand([.character("p")], "copy phone") { _, _ in
          let phones = (person?.businessPhones ?? []) + [person?.mobilePhone].compactMap { $0 }
          return Self.copy("phone", phones.lazy.map(\.string).first { !$0.isEmpty })
        },
        KeyCommand([.character("v")], "save vCard", when: person != nil) { _, _ in .handled([.detail(.vCardRequested)])
        },
        KeyCommand(
          [.character("m")], pane?.memberOf == nil ? "member of" : "hide member of", hint: true,
          when: state.groups.isEnabled && person != nil
        ) { [self] _, _ in
          revealsMemberOf = true  // on the first group once they show
          return .handled([.memberOf(.toggled)])
        },
        KeyCommand(
          [.character("t")],
          pane?.memberOf?.transitive == true ? "member of: direct" : "member of: all (nested)",
          when: pane?.memberOf != nil
        ) { [self] _, _ in
          revealsMemberOf = true  // the list changes under the selection: keep it in view
          return .handled([.memberOf(.transitiveToggled)])
        },
      ] + linkCommands(person, in: state) + healthCommands(person, in: state) + [typingSearches(state, back: back)])
  }

  /// Copies a field (OSC 52, through the Store), or does nothing when it is empty.
  static func copy(_ label: String, _ text: String?) -> KeyResult {
    guard let text, !text.isEmpty else { return .handled([]) }
    return .handled([.detail(.copyRequested(label: label, text: text))])
  }

  /// The wheel scrolls the pane; other mouse events here do nothing.
  public func mouse(_ event: MouseEvent, in state: AppState) -> KeyResult {
    switch event.kind {
    case .wheelUp: scroll(by: -3, rows: state.visibleLayout.detail.rows)
    case .wheelDown: scroll(by: 3, rows: state.visibleLayout.detail.rows)
    default: return .ignored
    }
    return .handled([])
  }

  /// Scrolls by `delta` lines in a pane of `rows` rows (its title takes one).
  /// The ways out of a pane, a person's or a group's: Backspace and ← step back along the walked
  /// path; at its start (or with no walk) they leave the pane like Esc, never editing the search
  /// behind it.
  func wayBackCommands(walked: Bool, onePane: Bool, back: AppAction) -> [KeyCommand] {
    var commands: [KeyCommand] = []
    if walked {
      commands.append(
        KeyCommand([.backspace, .left], "back along the path", hint: true) { [self] _, _ in
          revealsSelection = true  // on the row just left
          return .handled([.detail(.wentBack)])
        })
    }
    commands.append(
      KeyCommand(
        walked ? [.escape] : [.escape, .left], also: walked ? [] : [.backspace], onePane ? "back" : "to list",
        hint: true
      ) { _, _ in .handled([back]) })
    return commands
  }

  /// The keys that scroll a pane with nothing to select (a person without an org chart, a group
  /// whose members are not listed): one row, or a page of `page` rows.
  func scrollCommand(rows: Int, page: Int) -> KeyCommand {
    KeyCommand(
      [.up, .down, .pageUp, .pageDown, .character(" ")], also: [.control("p"), .control("n")],
      label: "↑/↓ PgUp/PgDn/Space", "scroll", hint: true
    ) { [self] key, _ in
      switch key {
      case .up, .control("p"): scroll(by: -1, rows: rows)
      case .down, .control("n"): scroll(by: 1, rows: rows)
      case .pageUp: scroll(by: -page, rows: rows)
      default: scroll(by: page, rows: rows)
      }
      return .handled([])
    }
  }

  /// The scroll offset that shows `selected`, moving as little as possible; except that it never
  /// starts among the fields above the section's first line (`anchor`, "Members (…)"): from the
  /// top when the selection fits there, else from that line, not in the middle of a wrapped
  /// field (a group's pane at 60×20 and 40×12, issue 28 item 10).
  static func offset(revealing selected: ClosedRange<Int>, from anchor: Int?, offset: Int, rows: Int) -> Int {
    var offset = offset
    if selected.upperBound >= offset + rows { offset = selected.upperBound - rows + 1 }
    offset = min(offset, selected.lowerBound)
    if let anchor, offset > 0, offset < anchor, anchor <= selected.lowerBound {
      offset = selected.upperBound < rows ? 0 : anchor
    }
    return offset
  }

  /// Above the members' heading (`anchor`) a group's pane never starts on a wrapped field's
  /// second line (they start with blanks under the label column): the next field's first line,
  /// or, where the pane cannot scroll that far, the field's own first line if the selection
  /// still shows from there.
  static func offset(
    startingAField offset: Int, in lines: [StyledLine], before anchor: Int, selected: ClosedRange<Int>?, rows: Int
  ) -> Int {
    func continues(_ line: Int) -> Bool { line > 0 && line < anchor && lines[line].text.hasPrefix(" ") }
    guard offset < lines.count, continues(offset) else { return offset }
    var forward = offset
    while continues(forward) { forward += 1 }
    if forward <= TextPane.maxOffset(lineCount: lines.count, visibleRows: rows) { return forward }
    var back = offset
    while continues(back) { back -= 1 }
    return (selected.map { $0.upperBound < back + rows } ?? true) ? back : offset
  }

  func scroll(by delta: Int, rows: Int) {
    let maxOffset = TextPane.maxOffset(lineCount: lineCount, visibleRows: max(1, rows - 1))
    scrollOffset = min(max(0, scrollOffset + delta), maxOffset)
  }

  // MARK: - Drawing

  public func render(_ state: AppState, into surface: inout some Surface, focused: Bool) {
    guard !frame.isEmpty else { return }
    surface.clear(frame)
    if state.detail.subject?.id != shownPersonID {
      shownPersonID = state.detail.subject?.id
      scrollOffset = 0
    }
    let shown = state.detail.pane.view.body(self, state, focused: focused)
    let (lines, selected, anchor, photoCols, links) = (
      shown.lines, shown.selected, shown.anchor, shown.photoCols, shown.links
    )
    lineCount = lines.count
    let titleStyle: Style = focused ? Style([.bold, .reverse]) : .bold
    let title = state.breadcrumbText(width: frame.cols - 1) ?? state.detail.subject?.listName ?? "Details"
    surface.put(" " + title, row: frame.row, col: frame.col, width: frame.cols, style: titleStyle)
    let body = Rect(row: frame.row + 1, col: frame.col + 1, rows: frame.rows - 1, cols: frame.cols - 1)
    if revealsSelection, focused, let selected {
      revealsSelection = false
      scrollOffset = Self.offset(revealing: selected, from: anchor, offset: scrollOffset, rows: body.rows)
    }
    scrollOffset = min(scrollOffset, TextPane.maxOffset(lineCount: lines.count, visibleRows: body.rows))
    if let anchor {
      scrollOffset = Self.offset(
        startingAField: scrollOffset, in: lines, before: anchor, selected: selected, rows: body.rows)
    }
    selectionInView = selected.map { $0.lowerBound >= scrollOffset && $0.upperBound < scrollOffset + body.rows } ?? true
    // The terminal's cursor (which a screen reader follows) stands on the pane's selected line,
    // or on its title when nothing in it is selected or the selection is scrolled away.
    if focused {
      if let selected, selectionInView, selected.lowerBound >= scrollOffset {
        surface.placeCursor(row: body.row + selected.lowerBound - scrollOffset, col: frame.col)
      } else {
        surface.placeCursor(row: frame.row, col: frame.col)
      }
    }
    // The photo stands beside the fields at the pane's top only: scrolled, the pane has none, so
    // no line below it (a wrapped note, a report) is ever cut at its edge as well as wrapped
    // (issue 28 item 9: "… from the local inde…" / "ago.").
    let showsPhoto = photoCols > 0 && scrollOffset == 0
    let beside = showsPhoto ? (lines: 1..<(1 + PhotoLayout.rows), cols: body.cols - photoCols) : nil
    TextPane.render(lines, offset: scrollOffset, in: body, narrowed: beside, into: &surface)
    drawLinks(links, in: body, offset: scrollOffset, into: &surface)
    if showsPhoto { renderPhoto(state, into: &surface) }
  }
}

/// The person's pane (also the empty and following pane's): the fields beside the photo, what
/// follows them (reporting line, reports, notes) below it at the pane's whole width, the links row.
struct PersonPaneView: PaneView {
  var pane: PersonPane?

  func keyTable(_ controller: DetailViewController, in state: AppState) -> KeyTable {
    controller.personKeyTable(pane, in: state)
  }

  func body(_ controller: DetailViewController, _ state: AppState, focused: Bool) -> PaneBody {
    let width = controller.frame.cols - 2
    let photoCols = controller.photoColumns(state)
    let person = state.detailLines(pane, width: width - photoCols, belowPhoto: width, focused: focused)
    var body = PaneBody(lines: person.lines, selected: person.selected.map { $0...$0 }, photoCols: photoCols)
    if controller.showsLinks, let shown = pane?.person, !body.lines.isEmpty {
      body.links = DetailViewController.linkRow(for: shown, width: width)
      body.lines[0] = DetailViewController.linkLine(body.links)
    }
    // "Member of" asked for with `m`: its rows are revealed once they have come.
    if controller.revealsMemberOf, let memberOf = pane?.memberOf, memberOf.status != .loading {
      controller.revealsMemberOf = false
      controller.revealsSelection = true
    }
    return body
  }
}

// MARK: - Presentation

extension AppState {
  /// One label column for every field, manager and reports included ("Direct reports").
  fileprivate static let labelWidth = 14

  /// The pane's lines: fields (`width` wide, beside the photo), presence, the reporting line and
  /// direct reports (selectable), and what is loading or failed (`belowPhoto` wide); with the
  /// index of the selected org-chart line.
  func detailLines(_ pane: PersonPane?, width: Int, belowPhoto: Int, focused: Bool) -> (
    lines: [StyledLine], selected: Int?
  ) {
    if detail.pane == .following { return ([], nil) }  // blank until the selection rests (PaneState.following)
    guard let pane else {
      return ([StyledLine(""), StyledLine("Select someone in the list to see their details.", style: .muted)], nil)
    }
    let status = pane.status
    let person = pane.person
    var selectedLine: Int?
    let full = account?.canReadFullProfiles ?? false
    let hiddenNote = "hidden: needs User.Read.All (admin consent)"
    func value(_ text: CleanText?, basic: Bool = false) -> (String, Style) {
      let clean = text?.string ?? ""
      if !clean.isEmpty { return (clean, .plain) }
      if !basic && !full { return (hiddenNote, .muted) }
      return ("not set", .muted)
    }
    let phones = (person.businessPhones ?? []).filter { !$0.isEmpty }
    var pairs: [(label: String, value: String, style: Style)] = []
    func add(_ label: String, _ entry: (String, Style)) { pairs.append((label, entry.0, entry.1)) }
    add("Name", value(person.displayName, basic: true))
    add("User name", value(person.userPrincipalName, basic: true))
    // A guest is said at once: they have no manager here, and that is not the chief executive's
    // "top of the organisation".
    if person.isGuest { add("Account", (person.guestText, .warning)) }
    add("Mail", value(person.mail, basic: true))
    // Found by an alias, other mail or employee id (issue 32): the name alone would not say why.
    if let found = matchedIdentifier(of: person) { add("Found by", (found.string, .plain)) }
    // Why they lead the list when their name is typed (issue 32).
    if let near = yourPeople.people.explanation(for: person.id, now: now) {
      add("Your people", (YourPeople.mark + " " + near, .plain))
    }
    // Near the top, where it is seen at 80×24: why this person is in no search.
    if person.isHiddenFromAddressList {
      add("Address list", ("hidden: found by full address only", .warning))
    }
    if let presence = presenceField(of: person) { add("Presence", presence) }
    pairs += presenceNotes(of: person)
    pairs += reachLines(of: person)
    // Phones, company and office come with the full profile, not the list's row: until it has
    // come they are "…", and when it failed they are left out, never "not set" (issue 40).
    func profileField(_ label: String, _ text: CleanText?) {
      if text.map({ !$0.string.isEmpty }) ?? false { return add(label, value(text)) }
      switch status {
      case .loaded: add(label, value(text))
      case .loading: add(label, ("…", .muted))
      default: break
      }
    }
    profileField("Business phone", phones.isEmpty ? nil : CleanText(phones.map(\.string).joined(separator: ", ")))
    profileField("Mobile", person.mobilePhone)
    add("Job title", value(person.jobTitle))
    add("Department", value(person.department))
    profileField("Company", person.companyName)
    profileField("Office", person.officeLocation)
    pairs += healthLines(of: person)

    // Fields below the photo (which stands beside the first `PhotoLayout.rows` lines) take the
    // pane's whole width.
    var lines =
      [StyledLine("")]
      + TextPane.fields(
        pairs, width: width, labelWidth: Self.labelWidth, widerAfter: (lines: PhotoLayout.rows, width: belowPhoto))
    lines.append(StyledLine(""))
    switch status {
    case .loading:
      lines.append(StyledLine("Loading manager and direct reports…", style: .muted))
    case .failed(_, let message):
      lines.append(StyledLine("Could not load the full profile:", style: .error))
      lines += Truncation.wrap(message.string, width: belowPhoto).map { StyledLine($0, style: .error) }
      if let retry = pane.retry {
        lines.append(StyledLine("Retrying in \(retry.secondsLeft(now: now)) s", style: .warning))
      }
    case .loaded(let loaded):
      let relations = loaded.relationsHidden || (!full && loaded.manager == nil && loaded.directReports.isEmpty)
      if relations {
        lines += TextPane.fields([("Manager", hiddenNote, .muted)], width: belowPhoto, labelWidth: Self.labelWidth)
        lines += TextPane.fields(
          [("Direct reports", hiddenNote, .muted)], width: belowPhoto, labelWidth: Self.labelWidth)
      } else {
        let chart = orgChartLines(pane, loaded, width: belowPhoto, focused: focused)
        selectedLine = chart.selected.map { $0 + lines.count }
        lines += chart.lines
      }
      let memberOf = memberOfLines(pane, width: belowPhoto, focused: focused)
      if let selected = memberOf.selected { selectedLine = selected + lines.count }
      lines += memberOf.lines
      if loaded.fromIndex {
        let synced = index.syncedText(at: now).map { ", \($0)" } ?? ""
        lines.append(StyledLine(""))
        lines += Truncation.wrap(
          "Microsoft Graph cannot be reached: shown from the local index\(synced).", width: belowPhoto
        )
        .map { StyledLine($0, style: .warning) }
      }
    }
    if !full {
      lines.append(StyledLine(""))
      lines += Truncation.wrap(
        "Signed in with basic profile access: phones, job title, office and manager need User.Read.All.",
        width: belowPhoto
      ).map { StyledLine($0, style: .muted) }
    }
    // What a missing calendar permission hides, said once, where the other permission notes are:
    // the fields above stay where a person's eye knows them.
    if let absence = reachAbsence {
      lines.append(StyledLine(""))
      lines += Truncation.wrap(absence, width: belowPhoto).map { StyledLine($0, style: .muted) }
    }
    return (lines, selectedLine)
  }
}
