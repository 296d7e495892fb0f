import AppRuntime
import Foundation
import RosterCore

/// `roster history --writes`: the audit file as a table (newest first) or JSON lines' records as
/// one JSON array (oldest first, as written). Read locally; nothing is asked of Graph.
enum WriteHistoryOutput {
  static func print(json: Bool, environment: [String: String]) throws {
    let file = WriteAuditFile(environment: environment)
    let records: [WriteRecord]
    do {
      records = try file.read()
    } catch {
      throw CommandStop(
        exitCode: 1, message: "roster: the audit file \(file.url.path) could not be read: \(error)",
        summary: "audit file unreadable")
    }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      encoder.dateEncodingStrategy = .iso8601
      try DirectoryCommand.write(String(decoding: try encoder.encode(records), as: UTF8.self) + "\n")
      return
    }
    if records.isEmpty {
      DirectoryCommand.say("No directory writes recorded in \(file.url.path).")
      return
    }
    let rows = records.reversed().map(row)
    try DirectoryCommand.write(
      TextTable.render(
        ["When", "By", "Action", "Person", "Group", "Outcome", "Request id"], rows, width: Terminal.stdoutColumns()))
  }

  static func row(_ record: WriteRecord) -> [String] {
    let outcome: String
    switch record.outcome {
    case .ok: outcome = "ok"
    case .refused: outcome = "refused" + (record.code.map { " (\($0))" } ?? record.status.map { " (\($0))" } ?? "")
    case .failed: outcome = "failed" + (record.status.map { " (\($0))" } ?? "")
    }
    return [
      record.time.formatted(.iso8601), CleanText(record.account).string, record.action.commandName,
      CleanText(record.targetUserPrincipalName).string,
      CleanText(record.groupDisplayName ?? record.groupId ?? "").string, outcome, record.requestId ?? "",
    ]
  }
}
