import RosterCore

/// The detail pane's org chart, breadcrumb and presence: how they read on screen.
extension AppState {
  /// "Aoife O'Connor › Rahul Gupta › Mei Tanaka", cut from the left ("… › ") when too wide, so
  /// the person shown is always named; nil before any walk.
  func breadcrumbText(width: Int) -> String? {
    guard detail.trail.count > 1 else { return nil }
    let full = detail.trail.map(\.listName).joined(separator: " › ")
    guard DisplayWidth.of(full) > width else { return full }
    return "… " + Truncation.tail(full, width: max(1, width - 2))
  }

  /// The reporting line from the top down, then the direct reports, one selectable row each;
  /// the selected row starts with `>` and is reversed while the pane has the keyboard. Returns
  /// the index of the selected line among `lines` so the pane can keep it in view.
  func orgChartLines(_ pane: PersonPane, _ loaded: PersonDetail, width: Int, focused: Bool) -> (
    lines: [StyledLine], selected: Int?
  ) {
    var lines: [StyledLine] = []
    var selectedLine: Int?
    let rows = pane.orgRows
    func row(_ index: Int, _ text: String) {
      let isSelected = index == pane.orgRowIndex
      if isSelected { selectedLine = lines.count }
      let style: Style = isSelected ? (focused ? .selectedFocused : .plain) : .plain
      let marker = isSelected && focused ? ">" : " "
      lines.append(StyledLine(Truncation.fit(marker + text, toWidth: width), style: style))
    }
    func describe(_ person: Person) -> String {
      var text = person.listName
      if !person.listTitle.isEmpty { text += " · " + person.listTitle }
      if let presence = currentPresence[person.id], showsPresence { text += "  " + presence.glyph }
      return text
    }
    if loaded.managerChain.isEmpty {
      let none =
        // "none set" is what the directory says; "the top of the organisation" was a guess that
        // was wrong for everyone whose manager was simply never entered (issue 40).
        loaded.person.isGuest ? "none here (\(loaded.person.guestText.lowercased()))" : "none set"
      lines += TextPane.fields([("Manager", none, .muted)], width: width, labelWidth: 14)
    } else {
      lines.append(StyledLine("Reporting line (\(loaded.managerChain.count))", style: .bold))
      for (index, entry) in rows.enumerated() {
        guard case .manager(let level) = entry.kind else { continue }
        let depth = loaded.managerChain.count - level
        let branch = depth == 0 ? "" : String(repeating: " ", count: min(depth - 1, 8)) + "└ "
        guard let person = entry.person else { continue }
        row(index, " " + branch + describe(person))
      }
    }
    if loaded.directReports.isEmpty {
      lines += TextPane.fields([("Direct reports", "none", .muted)], width: width, labelWidth: 14)
    } else {
      lines.append(StyledLine("Direct reports (\(loaded.directReports.count))", style: .bold))
      for (index, entry) in rows.enumerated() where entry.kind == .directReport {
        guard let person = entry.person else { continue }
        row(index, " • " + describe(person))
      }
    }
    return (lines, selectedLine)
  }

  /// "Member of": the groups the person is in, one selectable row each (their indexes follow the
  /// org chart's among `PersonPane.orgRows`), or why they are not shown.
  func memberOfLines(_ pane: PersonPane, width: Int, focused: Bool) -> (lines: [StyledLine], selected: Int?) {
    guard let memberOf = pane.memberOf else { return ([], nil) }
    var lines: [StyledLine] = []
    var selectedLine: Int?
    let rows = pane.orgRows
    func row(_ index: Int, _ text: String) {
      let isSelected = index == pane.orgRowIndex
      if isSelected { selectedLine = lines.count }
      let style: Style = isSelected ? (focused ? .selectedFocused : .plain) : .plain
      let marker = isSelected && focused ? ">" : " "
      lines.append(StyledLine(Truncation.fit(marker + text, toWidth: width), style: style))
    }
    let groupRows = rows.enumerated().filter { $0.element.kind == .memberOf }
    let mode = memberOf.transitive ? "all, through nested groups" : "direct"
    switch memberOf.status {
    case .loading:
      lines.append(StyledLine(Truncation.fit("Member of (\(mode)): loading…", toWidth: width), style: .muted))
    case .failed(let message):
      lines.append(StyledLine("Member of: could not load", style: .error))
      lines += Truncation.wrap(message.string, width: width).map { StyledLine($0, style: .error) }
    case .needsPermission(let need):
      lines.append(StyledLine("Member of", style: .bold))
      lines += Truncation.wrap(need.explanation.string, width: width).map { StyledLine($0, style: .warning) }
      lines += Truncation.wrap(need.wouldShow.string, width: width).map { StyledLine($0, style: .muted) }
    case .loaded(let groups, let fromIndex, let more):
      let count = NumberText.grouped(groups.count) + (more ? "+" : "")
      let source = fromIndex ? ", from the index" : ""
      lines.append(StyledLine(Truncation.fit("Member of (\(mode), \(count)\(source))", toWidth: width), style: .bold))
      if groups.isEmpty { lines.append(StyledLine(" none", style: .muted)) }
      for (index, entry) in groupRows {
        guard case .group(let group) = entry.subject else { continue }
        row(index, " " + group.listName + " · " + group.listAddress)
      }
    }
    return (lines, selectedLine)
  }

  /// The presence field's value and style: glyph and word (and the activity when it says more),
  /// coloured where the terminal has colour; the reason when presence is not shown.
  func presenceField(of person: Person) -> (String, Style)? {
    if let absence = presenceAbsence { return (absence, .muted) }
    guard showsPresence else { return nil }
    if presence.unreachable { return ("unavailable: Microsoft Graph cannot be reached", .muted) }
    guard let presence = presence.byID[person.id] else { return ("…", .muted) }
    let availability = presence.availability
    var text = availability.glyph + " " + availability.word
    if let activity = presence.activityWords { text += " · " + activity }
    return (text, availability.style)
  }

  /// "Out of office" and the automatic reply, and the Teams note with when it ends: the lines
  /// that say whether and when the person can answer, from the presence already asked for.
  func presenceNotes(of person: Person) -> [(label: String, value: String, style: Style)] {
    guard showsPresence, presenceAbsence == nil, let presence = currentPresence[person.id] else { return [] }
    var pairs: [(label: String, value: String, style: Style)] = []
    if presence.isOutOfOffice {
      let message = presence.outOfOffice?.message?.string ?? ""
      pairs.append(
        ("Out of office", message.isEmpty ? "yes (no automatic reply set)" : message, Style(color: .warning)))
    }
    if let note = presence.statusNote(at: now) {
      let until = note.expires.map { " (until \(Presence.clockText($0, now: now, zone: timeZone)))" } ?? ""
      pairs.append(("Status", note.text.string + until, .plain))
    }
    return pairs
  }
}

extension Presence {
  /// The list's colour: out of office as a warning (the person will not answer soon), else the
  /// availability's.
  var style: Style { isOutOfOffice ? Style(color: .warning) : availability.style }
}

extension Presence.Availability {
  /// Green, red, amber as Teams colours them; muted when offline or unknown. Without colour the
  /// glyphs' shapes still tell them apart.
  var style: Style {
    switch self {
    case .available, .availableIdle: Style(color: .success)
    case .busy, .busyIdle, .doNotDisturb: Style(color: .error)
    case .away, .beRightBack: Style(color: .warning)
    case .offline, .unknown: .muted
    }
  }
}
