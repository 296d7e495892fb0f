import Foundation
import RosterCore

/// Renders the tenant-wide `roster signins` (issue 43 item 2): the table grouped by cause — a
/// header per cause with its count, then its sign-ins newest first — and JSON and CSV ungrouped,
/// newest first, as `SignInOutput` writes one person's. Every field was cleaned where it was
/// decoded; the log carries what strangers typed.
enum TenantSignInOutput {
  static func render(_ entries: [SignInLogEntry], as format: OutputFormat, now: Date) throws -> String {
    switch format {
    case .table: return grouped(entries, now: now)
    case .json, .csv: return try SignInOutput.render(newestFirst(entries), as: format, now: now)
    }
  }

  static func newestFirst(_ entries: [SignInLogEntry]) -> [SignInLogEntry] {
    entries.sorted { ($0.createdDateTime, $0.id) > ($1.createdDateTime, $1.id) }
  }

  /// A blank line between causes, so each reads as its own block.
  static func grouped(_ entries: [SignInLogEntry], now: Date) -> String {
    SignInCause.grouped(entries).map { cause in
      cause.header + "\n" + cause.entries.map { "  " + row($0, now: now) + "\n" }.joined()
    }
    .joined(separator: "\n")
  }

  /// When, who, which app, from where (and what Graph adds: non-interactive, the failed policy).
  static func row(_ entry: SignInLogEntry, now: Date) -> String {
    ([HealthText.stamp(entry.createdDateTime, now: now)] + details(entry)).joined(separator: " · ")
  }

  /// Who, app, where, and Graph's extras: a row after its time.
  static func details(_ entry: SignInLogEntry) -> [String] {
    var parts = [entry.person, shortened(entry.appDisplayName?.string ?? "unknown app")]
    parts.append((entry.ipAddress?.string ?? "no address") + (entry.place.map { " (\($0))" } ?? ""))
    if entry.isInteractive == false { parts.append("non-interactive") }
    if entry.conditionalAccessStatus?.string == "failure" {
      let names = entry.failedPolicies.map(\.string).joined(separator: ", ")
      parts.append("Conditional Access failed" + (names.isEmpty ? "" : ": " + names))
    }
    return parts
  }

  /// At most `TextTable.pipedColumnLimit` characters: one 300-character app name must not push
  /// every row of a group off the screen; `--json` and `--csv` keep the whole name.
  static func shortened(_ text: String) -> String {
    text.count > TextTable.pipedColumnLimit ? String(text.prefix(TextTable.pipedColumnLimit - 1)) + "…" : text
  }

  /// One followed sign-in as it arrives: the cause leads, since there is no group header.
  static func followed(_ entry: SignInLogEntry, as format: OutputFormat, now: Date) throws -> String {
    switch format {
    case .table:
      let cause = entry.succeeded ? "OK" : "FAILED \(entry.errorCode): \(entry.explanation)"
      return ([HealthText.stamp(entry.createdDateTime, now: now), cause] + details(entry)).joined(separator: " · ")
        + "\n"
    case .json:
      // JSON Lines: one compact object per line, so `jq` can read the stream as it comes.
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(SignInOutput.Row(entry)), as: UTF8.self) + "\n"
    case .csv:
      return SignInOutput.Row(entry).fields.map(PeopleOutput.csvField).joined(separator: ",") + "\r\n"
    }
  }
}
