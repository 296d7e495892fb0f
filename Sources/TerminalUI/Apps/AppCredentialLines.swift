import Foundation
import RosterCore

/// An app's secrets and certificates, one line each in `credentials`' order (soonest end first):
/// "certificate  Payroll signing  ends 2026-12-09 · expires in 7 days". Past due and due within
/// 30 days in the warning style, as a stale device's "Last seen" is: the credential that breaks
/// the app next is what ops open the pane for.
struct AppCredentialLines {
  var credentials: [AppCredentialDue]
  var now: Date
  var width: Int

  var lines: [StyledLine] {
    var lines = [
      StyledLine(Truncation.fit("Credentials (\(NumberText.grouped(credentials.count)))", toWidth: width), style: .bold)
    ]
    if credentials.isEmpty { lines.append(StyledLine(Truncation.fit(" none", toWidth: width), style: .muted)) }
    // Names are padded to one column (up to a third of the pane) so the days line up.
    let nameWidth = min(max(4, width / 3), credentials.map { DisplayWidth.of(name($0)) }.max() ?? 0)
    let kindWidth = DisplayWidth.of("certificate")
    let rows = credentials.map { credential in
      (credential, " " + Truncation.fit(credential.kind.rawValue, toWidth: kindWidth) + "  ", when(credential))
    }
    // Where any line does not fit, every credential's days go on a line of their own, so a cut
    // never takes them and the column still reads as one.
    let oneLine = rows.allSatisfy { credential, kind, tail in
      DisplayWidth.of(kind + Truncation.fit(name(credential), toWidth: nameWidth) + "  " + tail) <= width
    }
    for (credential, kind, tail) in rows {
      let style: Style = credential.isDue(now: now) ? .warning : .plain
      if oneLine {
        let text = kind + Truncation.fit(name(credential), toWidth: nameWidth) + "  " + tail
        lines.append(StyledLine(Truncation.fit(text, toWidth: width), style: style))
      } else {
        lines.append(StyledLine(Truncation.fit(kind + name(credential), toWidth: width), style: style))
        lines.append(StyledLine(Truncation.fit("   " + tail, toWidth: width), style: style))
      }
    }
    return lines
  }

  private func name(_ credential: AppCredentialDue) -> String {
    credential.name?.string.nonEmptyText ?? "unnamed"
  }

  /// "ends 2026-12-09 · expires in 7 days", "no end date".
  private func when(_ credential: AppCredentialDue) -> String {
    guard let end = credential.endDateTime else { return "no end date" }
    return "ends " + String(HealthText.utc(end).prefix(10)) + " · " + ExpiryWords.phrase(end, now: now)
  }
}

extension String {
  /// The text, or nil when it is empty.
  fileprivate var nonEmptyText: String? { isEmpty ? nil : self }
}
