import Foundation
import RosterCore

/// Reads the service's task JSON: PascalCase from ASP.NET Web API 2 (`Id`, `Text`, `Completed`,
/// `DateModified`), camelCase from ASP.NET Core and most others; ids as numbers or strings; dates
/// with or without fractional seconds and zone (`DateTime` without a kind has none: read as UTC).
/// Every text is cleaned here (`CleanText`), so nothing uncleaned leaves the module.
enum TaskDecoding {
  static func list(_ data: Data) throws(TaskError) -> [TaskItem] {
    guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
      throw .malformedResponse("The task service's answer is not a JSON list of tasks.")
    }
    var tasks: [TaskItem] = []
    for (index, element) in array.enumerated() {
      guard let object = element as? [String: Any], let task = item(object) else {
        throw .malformedResponse("Task \(index + 1) in the task service's answer has no Id or Text.")
      }
      tasks.append(task)
    }
    return tasks
  }

  /// One task, or nil when the body holds none (the 2016 service answered a POST with no body).
  static func single(_ data: Data) -> TaskItem? {
    guard !data.isEmpty, let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      return nil
    }
    return item(object)
  }

  static func item(_ object: [String: Any]) -> TaskItem? {
    var fields: [String: Any] = [:]
    for (key, value) in object { fields[key.lowercased()] = value }
    let id: String
    if let number = fields["id"] as? Int {
      id = String(number)
    } else if let text = fields["id"] as? String, !text.isEmpty {
      id = CleanText(text, maxCharacters: 64).string
    } else {
      return nil
    }
    guard let text = fields["text"] as? String else { return nil }
    return TaskItem(
      id: id, text: CleanText(text, maxCharacters: TaskText.maxCharacters),
      completed: (fields["completed"] as? Bool) ?? false,
      dateModified: (fields["datemodified"] as? String).flatMap(date))
  }

  /// ISO 8601 with or without fractional seconds; no zone means UTC.
  static func date(_ text: String) -> Date? {
    let zoned = text.hasSuffix("Z") || text.range(of: #"[+-]\d\d:?\d\d$"#, options: .regularExpression) != nil
    let full = zoned ? text : text + "Z"
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: full) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: full)
  }

  /// The service's own explanation: ASP.NET's `{"Message": …}`, OAuth-style `error_description`,
  /// Graph-style `{"error": {"message": …}}`, or short plain text; cleaned, one line.
  static func message(_ data: Data) -> String {
    if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
      var fields: [String: Any] = [:]
      for (key, value) in object { fields[key.lowercased()] = value }
      let nested = (fields["error"] as? [String: Any])?["message"] as? String
      let text =
        (fields["message"] as? String) ?? (fields["error_description"] as? String) ?? nested
        ?? (fields["title"] as? String) ?? (fields["error"] as? String)
      return text.map { CleanText($0, maxCharacters: 200).string } ?? ""
    }
    let text = String(decoding: data.prefix(400), as: UTF8.self)
    if text.contains("<") { return "" }
    return CleanText(text, maxCharacters: 200).string.trimmingCharacters(in: .whitespaces)
  }
}
