import RosterCore

/// The detail pane showing a group: its fields, owners and counts, the member rows (direct or
/// transitive), how the selected member is in it, and what could not be listed and why.
extension AppState {
  /// The group pane's lines, the range of the selected member's lines (its row, then how it is
  /// in the group), and the line of the "Members (…)" heading (where a scrolled pane starts).
  func groupLines(_ pane: GroupPaneState, width: Int, focused: Bool) -> (
    lines: [StyledLine], selected: ClosedRange<Int>?, anchor: Int?
  ) {
    let group = pane.shownGroup
    var pairs: [(label: String, value: String, style: Style)] = []
    func add(_ label: String, _ text: CleanText?, missing: String = "not set") {
      let value = text?.string ?? ""
      pairs.append((label, value.isEmpty ? missing : value, value.isEmpty ? .muted : .plain))
    }
    add("Name", group.name)
    pairs.append(("Kind", group.kindText.string, .plain))
    if case .dynamic(let rule, let processing) = group.membership {
      add("Rule", rule, missing: "not readable")
      let state = processing.map { $0 ? "on: members follow the rule" : "paused: members are frozen" } ?? "unknown"
      pairs.append(("Processing", state, processing == false ? .warning : .plain))
    }
    add("Description", group.description)
    add("Mail", group.mail)
    add("Visibility", group.visibility)
    var selectedLines: ClosedRange<Int>?
    var anchor: Int?
    var lines = [StyledLine("")]
    switch pane.status {
    case .loading:
      lines += TextPane.fields(pairs, width: width, labelWidth: Self.groupLabelWidth)
      lines.append(StyledLine(""))
      lines.append(StyledLine("Loading owners and members…", style: .muted))
      return (lines, nil, nil)
    case .failed(let message):
      lines += TextPane.fields(pairs, width: width, labelWidth: Self.groupLabelWidth)
      lines.append(StyledLine(""))
      lines.append(StyledLine("Could not load the group:", style: .error))
      lines += Truncation.wrap(message.string, width: width).map { StyledLine($0, style: .error) }
      return (lines, nil, nil)
    case .needsPermission(let need):
      lines += TextPane.fields(pairs, width: width, labelWidth: Self.groupLabelWidth)
      lines.append(StyledLine(""))
      lines += permissionLines(need, width: width)
      return (lines, nil, nil)
    case .loaded(let detail):
      let owners = detail.owners.map(\.name.string).joined(separator: ", ")
      pairs.append(("Owners", owners.isEmpty ? "none listed" : owners, owners.isEmpty ? .muted : .plain))
      pairs.append(("Members", memberCountText(detail), .plain))
      lines += TextPane.fields(pairs, width: width, labelWidth: Self.groupLabelWidth)
    }
    lines.append(StyledLine(""))
    switch pane.members {
    case .loading:
      lines.append(StyledLine(pane.transitive ? "Loading all members…" : "Loading members…", style: .muted))
    case .failed(let message):
      lines.append(StyledLine("Could not load the members:", style: .error))
      lines += Truncation.wrap(message.string, width: width).map { StyledLine($0, style: .error) }
    case .needsPermission(let need):
      lines += permissionLines(need, width: width)
    case .loaded(let list):
      let mode = pane.transitive ? "all, through nested groups" : "direct"
      let count = list.totalCount.map { NumberText.grouped($0) } ?? NumberText.grouped(list.members.count)
      anchor = lines.count
      lines.append(StyledLine(Truncation.fit("Members (\(mode), \(count))", toWidth: width), style: .bold))
      if list.members.isEmpty {
        lines.append(StyledLine(" none", style: .muted))
      }
      for (index, member) in list.members.enumerated() {
        let isSelected = index == pane.memberIndex
        let marker = isSelected && focused ? ">" : " "
        let style: Style = isSelected && focused ? .selectedFocused : (member.isOpenable ? .plain : .muted)
        let first = lines.count
        lines.append(StyledLine(Truncation.fit(marker + member.rowText, toWidth: width), style: style))
        // How the selected member is in the group, right under its row.
        if isSelected, pane.transitive, let how = pathText(pane) {
          lines += Truncation.wrap(how.text, width: max(1, width - 4)).map { StyledLine("    " + $0, style: how.style) }
        }
        if isSelected { selectedLines = first...(lines.count - 1) }
      }
      if list.isLoadingMore {
        lines.append(StyledLine(" loading more…", style: .muted))
      } else if list.next != nil {
        let left = list.totalCount.map { max(0, $0 - list.members.count) }
        let more = left.map { "\(NumberText.grouped($0)) more" } ?? "more"
        lines.append(StyledLine(Truncation.fit(" \(more): keep going down", toWidth: width), style: .muted))
      }
      lines += notListedLines(list, width: width)
    }
    if pane.fromIndex {
      let synced = index.syncedText(at: now).map { ", \($0)" } ?? ""
      lines.append(StyledLine(""))
      lines += Truncation.wrap("Microsoft Graph cannot be reached: shown from the local index\(synced).", width: width)
        .map { StyledLine($0, style: .warning) }
    }
    return (lines, selectedLines, anchor)
  }

  static let groupLabelWidth = 14

  /// "12 direct · 40 in all" from `$count`.
  private func memberCountText(_ detail: GroupDetail) -> String {
    let direct = detail.group.memberCount.map { "\(NumberText.grouped($0)) direct" }
    let all = detail.transitiveMemberCount.map { "\(NumberText.grouped($0)) in all" }
    let parts = [direct, all].compactMap { $0 }
    return parts.isEmpty ? "not counted" : parts.joined(separator: " · ")
  }

  /// "How: Ivan Petrov ∈ Escalation Chain ∈ SRE On-Call ∈ Platform Team" for the selected member.
  private func pathText(_ pane: GroupPaneState) -> (text: String, style: Style)? {
    switch pane.path {
    case .none: return nil
    case .loading: return ("how: …", .muted)
    case .loaded(let path):
      return (path.isDirect ? "how: a direct member" : "how: " + path.text.string, Style(color: .accent))
    case .failed(_, let message): return ("how: " + message.string, .muted)
    }
  }

  /// Members counted but not listed, said rather than silently missing.
  private func notListedLines(_ list: MemberList, width: Int) -> [StyledLine] {
    var notes: [String] = []
    if list.undescribed > 0 {
      notes.append(
        "\(NumberText.grouped(list.undescribed)) listed with only an id and type: Graph does not describe them to this sign-in."
      )
    }
    if list.hiddenFromAddressList > 0 {
      notes.append("\(NumberText.grouped(list.hiddenFromAddressList)) not listed: hidden from the address list.")
    }
    if let missing = list.notListed, missing > 0 {
      notes.append("\(NumberText.grouped(missing)) counted but not sent by Graph v1.0 (service principals).")
    }
    return notes.flatMap { Truncation.wrap($0, width: width) }.map { StyledLine($0, style: .muted) }
  }

  /// Which permission is missing and what it would show.
  private func permissionLines(_ need: GroupPermissionNeed, width: Int) -> [StyledLine] {
    (Truncation.wrap(need.explanation.string, width: width).map { StyledLine($0, style: .warning) }
      + Truncation.wrap(need.wouldShow.string, width: width).map { StyledLine($0, style: .muted) })
  }
}
