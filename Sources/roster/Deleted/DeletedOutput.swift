import Foundation
import Graph
import RosterCore

/// Renders `roster deleted`: a table (kind, name, address, when, by whom, days left), JSON with
/// Graph's property names plus `daysLeft` and `deletedBy`, or CSV. Text was cleaned where decoded.
enum DeletedOutput {
  static func render(_ items: [DeletedItem], as format: OutputFormat, now: Date) throws -> String {
    switch format {
    case .table(let width):
      let headers = ["Kind", "Name", "User principal name or mail", "Deleted", "By", "Left"]
      return TextTable.render(headers, items.map { row($0, now: now) }, width: width, keepEmpty: true)
    case .json: return try PeopleOutput.json(items.map { Row($0, now: now) })
    case .csv: return TextTable.csv(Row.header, items.map { Row($0, now: now).fields })
    }
  }

  static func row(_ item: DeletedItem, now: Date) -> [String] {
    [
      item.kind == .person ? "person" : "group", item.displayName?.string ?? "(no name)", address(item),
      item.deletedDateTime.map { HealthText.stamp($0, now: now) } ?? "unknown", deleter(item.deletedBy),
      left(item.daysLeft(now: now)),
    ]
  }

  /// The user principal name the person had (without Graph's id prefix), else the mail address.
  static func address(_ item: DeletedItem) -> String { item.shownPrincipalName ?? item.mail?.string ?? "" }

  static func deleter(_ deleter: DeletedItem.Deleter?) -> String {
    guard let deleter else { return "unknown" }
    let name = deleter.displayName?.string ?? deleter.userPrincipalName?.string ?? deleter.id ?? "unknown"
    return deleter.isApp ? "app: \(name)" : name
  }

  /// "27 days left", "1 day left", "deleted for good today".
  static func left(_ days: Int?) -> String {
    guard let days else { return "unknown" }
    return days == 0 ? "deleted for good today" : "\(days) day\(days == 1 ? "" : "s") left"
  }

  /// One item for scripts: Graph's names, plus `daysLeft` and `deletedBy` (null when unknown).
  struct Row: Encodable {
    var odataType: String
    var id: String
    var displayName: String?
    var userPrincipalName: String?
    var mail: String?
    var deletedDateTime: String?
    var daysLeft: Int?
    var deletedBy: By?

    struct By: Encodable {
      var id: String?
      var displayName: String?
      var userPrincipalName: String?
      var type: String
    }

    enum CodingKeys: String, CodingKey {
      case odataType = "@odata.type"
      case id, displayName, userPrincipalName, mail, deletedDateTime, daysLeft, deletedBy
    }

    init(_ item: DeletedItem, now: Date) {
      odataType = "#" + item.kind.graphType
      id = CleanText(item.id).string
      displayName = item.displayName?.string
      userPrincipalName = item.userPrincipalName?.string
      mail = item.mail?.string
      deletedDateTime = item.deletedDateTime?.formatted(.iso8601)
      daysLeft = item.daysLeft(now: now)
      deletedBy = item.deletedBy.map {
        By(
          id: $0.id.map { CleanText($0).string }, displayName: $0.displayName?.string,
          userPrincipalName: $0.userPrincipalName?.string, type: $0.isApp ? "app" : "user")
      }
    }

    /// Encodes absent values as null, so every row has every key (a script reads `.deletedBy`).
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(odataType, forKey: .odataType)
      try container.encode(id, forKey: .id)
      try container.encode(displayName, forKey: .displayName)
      try container.encode(userPrincipalName, forKey: .userPrincipalName)
      try container.encode(mail, forKey: .mail)
      try container.encode(deletedDateTime, forKey: .deletedDateTime)
      try container.encode(daysLeft, forKey: .daysLeft)
      try container.encode(deletedBy, forKey: .deletedBy)
    }

    static let header = [
      "kind", "displayName", "userPrincipalName", "mail", "deletedDateTime", "daysLeft", "deletedBy", "id",
    ]

    var fields: [String] {
      [
        odataType == "#microsoft.graph.user" ? "person" : "group", displayName ?? "", userPrincipalName ?? "",
        mail ?? "", deletedDateTime ?? "", daysLeft.map(String.init) ?? "",
        deletedBy.map { $0.userPrincipalName ?? $0.displayName ?? "" } ?? "", id,
      ]
    }
  }
}
