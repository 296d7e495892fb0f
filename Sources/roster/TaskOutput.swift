import Foundation
import RosterCore
import TerminalUI

/// How `roster tasks list` writes tasks: a table on a terminal, or JSON / CSV with the service's
/// property names (`Id`, `Text`, `Completed`, `DateModified`). Texts are `CleanText` (cleaned by the client).
enum TaskOutput {
  /// A task as `--json` writes it; `Id` stays a number when the service's ids are numbers.
  struct Record: Encodable {
    var task: TaskItem

    enum CodingKeys: String, CodingKey {
      case id = "Id"
      case text = "Text"
      case completed = "Completed"
      case date = "DateModified"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      if let number = Int(task.id) {
        try container.encode(number, forKey: .id)
      } else {
        try container.encode(task.id, forKey: .id)
      }
      try container.encode(task.text, forKey: .text)
      try container.encode(task.completed, forKey: .completed)
      try container.encodeIfPresent(task.dateModified.map(TaskOutput.timestamp), forKey: .date)
    }
  }

  static func render(_ tasks: [TaskItem], as format: OutputFormat) throws -> String {
    switch format {
    case .json: return try PeopleOutput.json(tasks.map(Record.init))
    case .csv:
      var lines = ["Id,Text,Completed,DateModified"]
      for task in tasks {
        lines.append(
          [task.id, task.text.string, task.completed ? "true" : "false", task.dateModified.map(timestamp) ?? ""]
            .map(PeopleOutput.csvField).joined(separator: ","))
      }
      return lines.joined(separator: "\r\n") + "\r\n"
    case .table(let width):
      let idWidth = tasks.map { DisplayWidth.of($0.id) }.max() ?? 2
      return tasks.map { task in
        let prefix = Truncation.fitRight(task.id, toWidth: idWidth) + "  " + (task.completed ? "[x]" : "[ ]") + " "
        let room = width.map { max($0 - DisplayWidth.of(prefix), 8) }
        return prefix + (room.map { Truncation.truncate(task.text.string, toWidth: $0) } ?? task.text.string)
      }.joined(separator: "\n") + (tasks.isEmpty ? "" : "\n")
    }
  }

  /// One task's line for `add`, `done` and `delete` confirmations.
  static func line(_ task: TaskItem) -> String {
    "\(task.id)  \(task.completed ? "[x]" : "[ ]") \(task.text)"
  }

  static func timestamp(_ date: Date) -> String { date.formatted(.iso8601) }
}
