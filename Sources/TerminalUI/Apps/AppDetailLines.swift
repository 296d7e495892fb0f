import Foundation
import RosterCore

/// What an app's read added under its facts: what it may do, its owners, and its other half.
/// The owners and the other half are the pane's selectable rows, appended in
/// `AppDetail.walkable`'s order (owners, then the counterpart) so Enter opens the row shown.
struct AppDetailLines<Flavor: AppFlavor> {
  var detail: AppDetail<Flavor>
  var width: Int

  func appended(to start: [StyledLine], synced: String?) -> (lines: [StyledLine], rowLines: [Int]) {
    var lines = start
    var rowLines: [Int] = []
    lines += permissionLines
    lines.append(StyledLine(""))
    lines += ownerLines(rowLines: &rowLines, startingAt: lines.count)
    lines.append(StyledLine(""))
    if case .found(let other) = detail.counterpart {
      rowLines.append(lines.count)
      let text = " " + AppObject<Flavor.Counterpart>.listGlyph + " " + Self.otherTitle + ": " + other.displayName.string
      lines.append(StyledLine(Truncation.fit(text, toWidth: width)))
    } else {
      lines.append(
        StyledLine(Truncation.fit(Self.otherTitle + ": " + counterpartMissing, toWidth: width), style: .muted))
    }
    if detail.fromIndex {
      // Read from the index, which keeps the app and its credentials, not who owns it.
      let when = synced.map { " (\($0))" } ?? ""
      lines.append(StyledLine(""))
      lines += Truncation.wrap("Shown from the local index\(when).", width: width).map { StyledLine($0, style: .muted) }
    }
    return (lines, rowLines)
  }

  // MARK: - May do

  /// Each permission's words wrapped under a hanging indent; "nothing granted", or why unknown.
  private var permissionLines: [StyledLine] {
    guard let permissions = detail.permissions else {
      let why = detail.fromIndex ? "not kept offline" : "unknown (Microsoft Graph did not list it)"
      return [StyledLine(Truncation.fit("May do: " + why, toWidth: width), style: .muted)]
    }
    var lines = [heading("May do", permissions.count)]
    if permissions.isEmpty {
      lines.append(StyledLine(Truncation.fit(" nothing granted", toWidth: width), style: .muted))
    }
    for permission in permissions {
      let parts = Truncation.wrap(permission.words, width: max(1, width - 3))
      for (index, part) in parts.enumerated() {
        lines.append(StyledLine(Truncation.fit((index == 0 ? " · " : "   ") + part, toWidth: width)))
      }
    }
    return lines
  }

  // MARK: - Owners

  /// The owners as rows (their lines recorded in `rowLines`), hidden ones counted, never named.
  private func ownerLines(rowLines: inout [Int], startingAt first: Int) -> [StyledLine] {
    guard let owners = detail.owners else {
      let why = detail.fromIndex ? "not kept offline" : "unknown (Microsoft Graph did not list them)"
      return [StyledLine(Truncation.fit("Owners: " + why, toWidth: width), style: .muted)]
    }
    var lines = [heading("Owners", owners.count)]
    if owners.isEmpty, detail.hiddenFromAddressList == 0 {
      lines.append(StyledLine(Truncation.fit(" none", toWidth: width), style: .muted))
    }
    for person in owners {
      rowLines.append(first + lines.count)
      let parts = [person.listName, person.listAddress, person.listTitle].filter { !$0.isEmpty }
      lines.append(StyledLine(Truncation.fit(" • " + parts.joined(separator: " · "), toWidth: width)))
    }
    if detail.hiddenFromAddressList > 0 {
      let count = NumberText.grouped(detail.hiddenFromAddressList)
      let text = (owners.isEmpty ? " " : " and ") + count + " hidden from the address list"
      lines.append(StyledLine(Truncation.fit(text, toWidth: width), style: .muted))
    }
    return lines
  }

  // MARK: - The other half

  /// "Enterprise app" under a registration, "App registration" under an enterprise app.
  static var otherTitle: String { AppObject<Flavor.Counterpart>.kindWords }

  /// Why there is no other half to open, in words.
  private var counterpartMissing: String {
    switch detail.counterpart {
    case .found: return ""
    case .none:
      return Flavor.kind == .app
        ? "none in this tenant — nobody has consented yet" : "registered in another organisation"
    case .unknown: return detail.fromIndex ? "not kept offline" : "unknown"
    }
  }

  private func heading(_ title: String, _ count: Int) -> StyledLine {
    StyledLine(Truncation.fit("\(title) (\(NumberText.grouped(count)))", toWidth: width), style: .bold)
  }
}
