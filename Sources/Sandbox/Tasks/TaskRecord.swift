import Foundation
import SandboxDirectory

/// One task as the ASP.NET TaskService models it: `{Id, Owner, Text, Completed, DateModified}`
/// (PascalCase, as ASP.NET Web API 2 serialises C# properties). PROTOCOL.md, "B2C task API".
struct TaskRecord: Sendable, Equatable, Codable {
  var id: Int
  /// The owner claim of whoever created it (`oid`, else `sub`).
  var owner: String
  var text: String
  var completed: Bool
  var dateModified: Date

  enum CodingKeys: String, CodingKey {
    case id = "Id"
    case owner = "Owner"
    case text = "Text"
    case completed = "Completed"
    case dateModified = "DateModified"
  }

  /// The wire form, in the service's property order.
  var json: JSONValue {
    .object([
      ("Id", .int(id)), ("Owner", .string(owner)), ("Text", .string(text)), ("Completed", .bool(completed)),
      ("DateModified", .string(Self.timestamp(dateModified))),
    ])
  }

  /// ISO 8601 in UTC with milliseconds, as `DateTime.UtcNow` serialises.
  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }
}
