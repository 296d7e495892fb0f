import Foundation
import RosterCore

/// How a device reads in the list and the pane. Like a room, a glyph and a word say what it is, so
/// a device reads as one without colour.
///
/// A device is never a member row of its own: a group's member list carries devices as
/// `UndescribedObject`s (Graph's `#microsoft.graph.device`), which already say "device" there.
extension Device: RowPresentable {
  static var kindGlyph: String? { listGlyph }

  /// The glyph before a device's name in the list (a screen): no other kind uses it.
  static let listGlyph = "▭"

  /// "▭ LAPTOP-4F2K9QX".
  var listName: String { Self.listGlyph + " " + displayName.string }

  /// "device · Windows 10.0.22631 · Entra joined · not compliant": the word first, so a cut keeps it.
  var listAddress: String {
    let parts = ["device", system, shortJoinType, isCompliant == false ? "not compliant" : nil]
    return parts.compactMap { $0 }.joined(separator: " · ")
  }

  /// The join type without the product's name, where the row has little room ("Entra joined").
  var shortJoinType: String? {
    joinType.map { $0.hasPrefix("Microsoft ") ? String($0.dropFirst("Microsoft ".count)) : $0 }
  }
}

extension Device: KindPresentable {
  /// What an empty list says while it lists devices alone.
  static func emptyListLines(_ state: AppState) -> [String] {
    switch state.devices.status {
    case .idle, .searching: return ["Searching devices…"]
    case .needsPermission(let permission):
      return [
        "Listing devices needs \(permission).",
        "With it: find a laptop or phone by name, see its system, whether it is compliant and when it was last seen, and who owns it.",
      ]
    case .offline(let message): return ["Offline: \(message)", "Type to try again."]
    case .failed(let message): return [message.string, "Ctrl-R to try again."]
    case .results:
      return [
        "No device matches \u{201C}\(state.field.query.string)\u{201D}.", "Devices match by the words of their name.",
      ]
    }
  }
}

extension Device: ItemPanePresentable {
  /// The device's facts, then its owners and users: one line each, selectable and walkable in
  /// `DeviceDetail.people`'s order, which is `pane.walkable`'s.
  func paneLines(_ pane: ItemPane, in state: AppState, width: Int) -> (lines: [StyledLine], rowLines: [Int]) {
    let detail = pane.loadedDevice
    // The read's answer is fresher than the row the list holds.
    let device = detail?.device ?? self
    var lines = [StyledLine("")]
    if device.isPartial {
      // A member row named only the device: its other fields are unknown until the read answers.
      lines += TextPane.fields(
        [("Name", displayName.string, .plain), ("Details", "unknown until read", .muted)], width: width,
        labelWidth: AppState.groupLabelWidth)
    } else {
      lines += device.fieldLines(now: state.now, width: width)
    }
    lines.append(StyledLine(""))
    if let pending = pane.pendingLines(reading: "Reading owners…", width: width) { return (lines + pending, []) }
    guard let detail else { return (lines, []) }
    return DeviceDetailLines(detail: detail, width: width).appended(
      to: lines, synced: state.index.syncedText(at: state.now))
  }

  /// Label/value lines, blanks said as "not reported" (an MDM never sent them) or "not set".
  fileprivate func fieldLines(now: Date, width: Int) -> [StyledLine] {
    var pairs: [(label: String, value: String, style: Style)] = []
    func add(_ label: String, _ text: String?, missing: String = "not set", style: Style = .plain) {
      let value = text ?? ""
      pairs.append((label, value.isEmpty ? missing : value, value.isEmpty ? .muted : style))
    }
    add("Name", displayName.string)
    add("System", system)
    add("Join type", joinType)
    add(
      "Compliant", isCompliant.map { $0 ? "yes" : "no" }, missing: "not reported",
      style: isCompliant == false ? .warning : .plain)
    add("Managed", isManaged.map { $0 ? "yes" : "no" }, missing: "not reported")
    add(
      "Enabled", accountEnabled.map { $0 ? "yes" : "disabled" }, missing: "not reported",
      style: accountEnabled == false ? .warning : .plain)
    let seen = approximateLastSignInDateTime.map { HealthText.age(of: $0, now: now) }
    add("Last seen", seen, missing: "none recorded", style: isStale(now: now) ? .warning : .plain)
    add("Registered", registrationDateTime.map { Self.day($0) + " (" + HealthText.age(of: $0, now: now) + ")" })
    let maker = [manufacturer?.string, model?.string].compactMap { $0?.isEmpty == false ? $0 : nil }
    add("Maker/Model", maker.joined(separator: " · "))
    add("Device id", deviceId.map { CleanText($0).string })
    return TextPane.fields(pairs, width: width, labelWidth: AppState.groupLabelWidth)
  }

  /// Entra's stale-device guidance: not seen for 90 days.
  fileprivate func isStale(now: Date) -> Bool {
    approximateLastSignInDateTime.map { now.timeIntervalSince($0) > 90 * 86_400 } ?? false
  }

  /// "2025-11-02": the registration's day, in UTC like the other instants Roster prints.
  fileprivate static func day(_ date: Date) -> String { String(HealthText.utc(date).prefix(10)) }
}

/// The owners and users under a device's facts, and where each person's line is.
private struct DeviceDetailLines {
  var detail: DeviceDetail
  var width: Int

  func appended(to start: [StyledLine], synced: String?) -> (lines: [StyledLine], rowLines: [Int]) {
    var lines = start
    var rowLines: [Int] = []
    guard let owners = detail.owners else {
      // Read from the index, which keeps the device, not who owns or uses it; or Graph gave no list.
      let when = synced.map { " (\($0))" } ?? ""
      let sentences =
        detail.fromIndex
        ? ["Owners are not kept offline.", "Shown from the local index\(when)."]
        : ["Owners and users: unknown (Microsoft Graph did not list them)."]
      for sentence in sentences {
        lines += Truncation.wrap(sentence, width: width).map { StyledLine($0, style: .muted) }
      }
      return (lines, rowLines)
    }
    lines.append(heading("Owners", owners.count))
    if owners.isEmpty { lines.append(StyledLine(" none", style: .muted)) }
    for person in owners {
      rowLines.append(lines.count)
      lines.append(row(person))
    }
    // Users who are not owners; an owner is its device's first user, listed once.
    let others = Array(detail.people.dropFirst(owners.count))
    lines.append(StyledLine(""))
    if detail.users == nil {
      lines.append(
        StyledLine(Truncation.fit("Users: unknown (Microsoft Graph did not list them)", toWidth: width), style: .muted))
    } else {
      lines.append(heading("Users", others.count))
    }
    if others.isEmpty, detail.users != nil {
      let same = !(detail.users ?? []).isEmpty
      lines.append(StyledLine(Truncation.fit(same ? " only its owner" : " none", toWidth: width), style: .muted))
    }
    for person in others {
      rowLines.append(lines.count)
      lines.append(row(person))
    }
    if detail.hiddenFromAddressList > 0 {
      let text = " \(NumberText.grouped(detail.hiddenFromAddressList)) hidden from the address list, not named"
      lines.append(StyledLine(Truncation.fit(text, toWidth: width), style: .muted))
    }
    return (lines, rowLines)
  }

  private func heading(_ title: String, _ count: Int) -> StyledLine {
    StyledLine(Truncation.fit("\(title) (\(NumberText.grouped(count)))", toWidth: width), style: .bold)
  }

  /// " • Ivan Petrov · ivan.petrov@contoso.com · Engineer", padded to the width so the selection
  /// reads as a whole row.
  private func row(_ person: Person) -> StyledLine {
    let parts = [person.listName, person.listAddress, person.listTitle].filter { !$0.isEmpty }
    return StyledLine(Truncation.fit(" • " + parts.joined(separator: " · "), toWidth: width))
  }
}

extension ItemPane {
  /// The device's detail, once read.
  fileprivate var loadedDevice: DeviceDetail? {
    guard case .loaded(let payload) = detail else { return nil }
    return payload.value(as: Result<DeviceDetail, DirectoryError>.self).flatMap { try? $0.get() }
  }
}
