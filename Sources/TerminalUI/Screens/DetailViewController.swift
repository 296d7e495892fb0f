import RosterCore

/// The detail pane: every readable field of the selected person, scrolled with the arrows when it
/// has focus. A field the token may not read says so (`User.Read.All` needed) instead of a blank.
@MainActor
public final class DetailViewController: ViewController {
  public var frame: Rect = .zero
  /// First visible line (view-local); reset when another person is shown.
  private(set) var scrollOffset = 0
  private var shownPersonID: String?
  private var lineCount = 0

  public init() {}

  // MARK: - Keys

  public func actions(for key: Key, in state: AppState) -> [AppAction] {
    let single = state.terminal.cols < Layout.stackedFromCols
    let page = max(1, frame.rows - 3)
    switch key {
    case .up, .control("p"): scroll(by: -1)
    case .down, .control("n"): scroll(by: 1)
    case .pageUp: scroll(by: -page)
    case .pageDown, .character(" "): scroll(by: page)
    case .home: scrollOffset = 0
    case .end: scroll(by: lineCount)
    case .mouse(let event) where event.kind == .wheelUp: scroll(by: -3)
    case .mouse(let event) where event.kind == .wheelDown: scroll(by: 3)
    case .escape, .left:
      return single ? [.detail(.closed)] : [.app(.focusSwitched)]
    case .character("y"):
      guard let mail = state.detail.status.person?.listAddress, !mail.isEmpty else { return [] }
      return [.detail(.copyRequested(label: "address", text: mail))]
    case .character("q") where state.search.query.isEmpty, .character("?"):
      return []  // the root's quit / help
    case .character, .paste, .backspace:
      // Typing always goes to the search field: back to the list, then edit the query.
      var field = TextFieldModel(text: state.search.query)
      field.apply(key)
      let back: AppAction = single ? .detail(.closed) : .app(.focusSwitched)
      return [back, .search(.queryChanged(field.text))]
    default:
      return []
    }
    return []  // scrolling is view-local: redrawn after every key, no action
  }

  private func scroll(by delta: Int) {
    let maxOffset = TextPane.maxOffset(lineCount: lineCount, visibleRows: max(1, frame.rows - 1))
    scrollOffset = min(max(0, scrollOffset + delta), maxOffset)
  }

  public func bindings(in state: AppState) -> [KeyBinding] {
    [
      KeyBinding("↑/↓ PgUp/PgDn", "scroll", hint: true),
      KeyBinding("Home/End", "top/bottom"),
      KeyBinding("y", "copy mail", hint: true),
      KeyBinding("Esc", state.terminal.cols < Layout.stackedFromCols ? "back to list" : "to list", hint: true),
      KeyBinding("type", "search again"),
      KeyBinding("Tab", "switch pane"),
      KeyBinding("?", "help", hint: true),
    ]
  }

  // MARK: - Drawing

  public func render(_ state: AppState, into surface: inout some Surface, focused: Bool) {
    guard !frame.isEmpty else { return }
    surface.clear(frame)
    let status = state.detail.status
    if status.person?.id != shownPersonID {
      shownPersonID = status.person?.id
      scrollOffset = 0
    }
    let width = frame.cols - 2 - photoColumns(state)
    let lines = state.detailLines(width: width)
    lineCount = lines.count
    let titleStyle: Style = focused ? Style([.bold, .reverse]) : .bold
    let title = status.person.map { $0.listName } ?? "Details"
    surface.put(" " + title, row: frame.row, col: frame.col, width: frame.cols, style: titleStyle)
    let body = Rect(
      row: frame.row + 1, col: frame.col + 1, rows: frame.rows - 1, cols: frame.cols - 1 - photoColumns(state))
    scrollOffset = min(scrollOffset, TextPane.maxOffset(lineCount: lines.count, visibleRows: body.rows))
    TextPane.render(lines, offset: scrollOffset, in: body, into: &surface)
    renderPhoto(state, into: &surface)
  }
}

// MARK: - Presentation

extension AppState {
  /// One label column for every field, manager and reports included ("Direct reports").
  fileprivate static let labelWidth = 14

  /// The pane's lines: fields, manager, direct reports, and what is loading or failed.
  fileprivate func detailLines(width: Int) -> [StyledLine] {
    let status = detail.status
    if status == .following { return [] }  // blank until the selection rests (DetailStatus.following)
    guard let person = status.person else {
      return [StyledLine(""), StyledLine("Select someone in the list to see their details.", style: .muted)]
    }
    let full = account?.canReadFullProfiles ?? false
    let hiddenNote = "hidden: needs User.Read.All (admin consent)"
    func value(_ text: String?, basic: Bool = false) -> (String, Style) {
      let clean = DirectoryText.sanitize(text ?? "")
      if !clean.isEmpty { return (clean, .plain) }
      if !basic && !full { return (hiddenNote, .muted) }
      return ("not set", .muted)
    }
    let phones = (person.businessPhones ?? []).map { DirectoryText.sanitize($0) }.filter { !$0.isEmpty }
    var pairs: [(label: String, value: String, style: Style)] = []
    func add(_ label: String, _ entry: (String, Style)) { pairs.append((label, entry.0, entry.1)) }
    add("Name", value(person.displayName, basic: true))
    add("User name", value(person.userPrincipalName, basic: true))
    add("Mail", value(person.mail, basic: true))
    add("Business phone", value(phones.isEmpty ? nil : phones.joined(separator: ", ")))
    add("Mobile", value(person.mobilePhone))
    add("Job title", value(person.jobTitle))
    add("Department", value(person.department))
    add("Company", value(person.companyName))
    add("Office", value(person.officeLocation))

    var lines = [StyledLine("")] + TextPane.fields(pairs, width: width, labelWidth: Self.labelWidth)
    lines.append(StyledLine(""))
    switch status {
    case .loading:
      lines.append(StyledLine("Loading manager and direct reports…", style: .muted))
    case .failed(_, let message):
      lines.append(StyledLine("Could not load the full profile:", style: .error))
      lines += Truncation.wrap(DirectoryText.sanitize(message), width: width).map { StyledLine($0, style: .error) }
      if let retry = detail.retry {
        lines.append(StyledLine("Retrying in \(retry.secondsLeft(now: now)) s", style: .warning))
      }
    case .loaded(let loaded):
      let relations = loaded.relationsHidden || (!full && loaded.manager == nil && loaded.directReports.isEmpty)
      if loaded.relationsHidden {
        lines += TextPane.fields([("Manager", hiddenNote, .muted)], width: width, labelWidth: Self.labelWidth)
        lines += TextPane.fields([("Direct reports", hiddenNote, .muted)], width: width, labelWidth: Self.labelWidth)
      } else {
        let manager = loaded.manager.map { $0.listName } ?? (relations ? hiddenNote : "none")
        lines += TextPane.fields([("Manager", manager, loaded.manager == nil ? .muted : .plain)], width: width, labelWidth: Self.labelWidth)
        if loaded.directReports.isEmpty {
          lines += TextPane.fields([("Direct reports", relations ? hiddenNote : "none", .muted)], width: width, labelWidth: Self.labelWidth)
        } else {
          lines.append(StyledLine("Direct reports (\(loaded.directReports.count))", style: .bold))
          for report in loaded.directReports {
            let title = report.listTitle.isEmpty ? "" : " · " + report.listTitle
            lines.append(StyledLine("• " + report.listName + title, indent: 1))
          }
        }
      }
    case .empty, .following:
      break
    }
    if !full {
      lines.append(StyledLine(""))
      lines += Truncation.wrap(
        "Signed in with basic profile access: phones, job title, office and manager need User.Read.All.",
        width: width
      ).map { StyledLine($0, style: .muted) }
    }
    return lines
  }
}
