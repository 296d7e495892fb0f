import Foundation
import Graph
import RosterCore

/// Renders `roster roles`: a table (role, who, user name or mail, how), JSON with Graph's
/// `roleDefinitionId` and `principalId` plus `how` and `endDateTime`, or CSV. Text was cleaned
/// where it was decoded.
enum RolesOutput {
  static func render(_ holdings: [RoleHolding], as format: OutputFormat, now: Date) throws -> String {
    switch format {
    case .table(let width):
      let headers = ["Role", "Who", "User name or mail", "How"]
      return TextTable.render(headers, holdings.map(row), width: width, keepEmpty: true)
    case .json: return try PeopleOutput.json(holdings.map(Row.init))
    case .csv: return TextTable.csv(Row.header, holdings.map { Row($0).fields })
    }
  }

  static func row(_ holding: RoleHolding) -> [String] {
    let principal = holding.principal
    let name = principal.displayName?.string ?? principal.id
    let who =
      switch principal.kind {
      case .person: name
      case .group: "group: \(name)"
      case .app: "app: \(name)"
      }
    return [holding.role.displayName.string, who, principal.address?.string ?? "", how(holding.how)]
  }

  /// "direct", "through group Helpdesk Team", "eligible until 2026-12-31", "eligible (permanent)".
  static func how(_ how: RoleHolding.How) -> String {
    switch how {
    case .direct: "direct"
    case .throughGroup(let group): "through group \(group.string)"
    case .eligible(let until?): "eligible until \(day(until))"
    case .eligible(nil): "eligible (permanent)"
    }
  }

  static func day(_ date: Date) -> String { String(HealthText.utc(date).prefix(10)) }

  /// One holding for scripts: Graph's names for the ids, and every key on every row.
  struct Row: Encodable {
    var roleDefinitionId: String
    var roleDisplayName: String
    var principalId: String
    var principalType: String
    var displayName: String?
    var address: String?
    var how: String
    var group: String?
    var endDateTime: String?

    init(_ holding: RoleHolding) {
      roleDefinitionId = CleanText(holding.role.id).string
      roleDisplayName = holding.role.displayName.string
      principalId = CleanText(holding.principal.id).string
      principalType = holding.principal.kind.rawValue
      displayName = holding.principal.displayName?.string
      address = holding.principal.address?.string
      switch holding.how {
      case .direct: how = "direct"
      case .throughGroup(let name):
        how = "group"
        group = name.string
      case .eligible: how = "eligible"
      }
      endDateTime = holding.endDateTime?.formatted(.iso8601)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(roleDefinitionId, forKey: .roleDefinitionId)
      try container.encode(roleDisplayName, forKey: .roleDisplayName)
      try container.encode(principalId, forKey: .principalId)
      try container.encode(principalType, forKey: .principalType)
      try container.encode(displayName, forKey: .displayName)
      try container.encode(address, forKey: .address)
      try container.encode(how, forKey: .how)
      try container.encode(group, forKey: .group)
      try container.encode(endDateTime, forKey: .endDateTime)
    }

    enum CodingKeys: String, CodingKey {
      case roleDefinitionId, roleDisplayName, principalId, principalType, displayName, address, how, group
      case endDateTime
    }

    static let header = [
      "role", "roleDefinitionId", "displayName", "address", "principalType", "how", "group", "endDateTime",
      "principalId",
    ]

    var fields: [String] {
      [
        roleDisplayName, roleDefinitionId, displayName ?? "", address ?? "", principalType, how, group ?? "",
        endDateTime ?? "", principalId,
      ]
    }
  }
}
