import Foundation
import RosterCore
import TerminalUI

/// Renders groups and member rows for `roster groups …` and `roster show --member-of`, in the
/// formats `roster search` uses: a table fitted to the terminal, JSON with Graph property names
/// (plus `kind`), or RFC 4180 CSV. Text fields are `CleanText` already; ids are cleaned here for
/// printing, as `PeopleOutput` does.
enum GroupOutput {
  /// A group as `--json` prints it: Graph's properties and Roster's reading of them.
  struct GroupJSON: Encodable {
    var group: Group
    enum Keys: String, CodingKey { case kind, dynamic, hiddenMembership }

    func encode(to encoder: any Encoder) throws {
      var printable = group
      printable.id = CleanText(group.id).string
      try printable.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(group.kind.rawValue, forKey: .kind)
      try container.encode(group.isDynamic, forKey: .dynamic)
      try container.encode(group.hasHiddenMembership, forKey: .hiddenMembership)
    }
  }

  /// A member row as `--json` prints it: Graph's shape with `@odata.type`, and the nesting path.
  struct MemberJSON: Encodable {
    var member: DirectoryObject
    var path: MembershipPath?
    enum Keys: String, CodingKey { case path }

    func encode(to encoder: any Encoder) throws {
      switch member {
      case .group(let group): try GroupJSON(group: group).encode(to: encoder)
      default: try GroupOutput.printable(member).encode(to: encoder)
      }
      if case .group = member {
        var typed = encoder.container(keyedBy: DirectoryObjectTypeKey.self)
        try typed.encode(member.odataType, forKey: .odataType)
      }
      if let path {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(path.groups.map(\.name.string), forKey: .path)
      }
    }
  }

  enum DirectoryObjectTypeKey: String, CodingKey { case odataType = "@odata.type" }

  static func printable(_ object: DirectoryObject) -> DirectoryObject {
    switch object {
    case .person(let person): return .person(PeopleOutput.withPrintableId(person))
    case .group(var group):
      group.id = CleanText(group.id).string
      return .group(group)
    case .undescribed(var other):
      other.id = CleanText(other.id).string
      return .undescribed(other)
    }
  }

  // MARK: - Groups

  static func render(_ groups: [Group], as format: OutputFormat) throws -> String {
    switch format {
    case .json: return try PeopleOutput.json(groups.map { GroupJSON(group: $0) })
    case .csv:
      let header = ["id", "displayName", "kind", "mail", "mailNickname", "description", "visibility", "membershipRule"]
      let rows = groups.map { group in
        [
          CleanText(group.id).string, group.displayName?.string, group.kind.rawValue, group.mail?.string,
          group.mailNickname?.string, group.description?.string, group.visibility?.string,
          group.membershipRule?.string,
        ].map { $0 ?? "" }
      }
      return TextTable.csv(header, rows)
    case .table(let width):
      let rows = groups.map { group in
        [group.name.string, group.kindText.string, group.mail?.string ?? "", group.description?.string ?? ""]
      }
      return TextTable.render(["Name", "Kind", "Mail", "Description"], rows, width: width)
    }
  }

  // MARK: - Members

  static func render(
    _ members: [DirectoryObject], paths: [String: MembershipPath] = [:], as format: OutputFormat
  ) throws -> String {
    switch format {
    case .json:
      return try PeopleOutput.json(members.map { MemberJSON(member: $0, path: paths[$0.id]) })
    case .csv:
      var header = ["id", "@odata.type", "displayName", "mail", "userPrincipalName"]
      if !paths.isEmpty { header.append("path") }
      let rows = members.map { member -> [String] in
        var row = [
          CleanText(member.id).string, CleanText(member.odataType).string, shownName(of: member, orID: false),
          mail(of: member) ?? "", member.person?.userPrincipalName?.string ?? "",
        ]
        if !paths.isEmpty { row.append(paths[member.id].map(pathText) ?? "") }
        return row
      }
      return TextTable.csv(header, rows)
    case .table(let width):
      var headers = ["Name", "Type", "Mail"]
      if !paths.isEmpty { headers.append("Path") }
      let rows = members.map { member -> [String] in
        var row = [shownName(of: member, orID: true), kindLabel(member), mail(of: member) ?? ""]
        if !paths.isEmpty { row.append(paths[member.id].map(pathText) ?? "") }
        return row
      }
      return TextTable.render(headers, rows, width: width)
    }
  }

  /// "Escalation Chain ∈ SRE On-Call ∈ Platform Team" (the member itself is the row's name).
  static func pathText(_ path: MembershipPath) -> String {
    path.groups.map(\.name.string).joined(separator: MembershipPath.separator)
  }

  static func kindLabel(_ member: DirectoryObject) -> String {
    switch member {
    case .person: return "person"
    case .group(let group): return "group (\(group.kind.label))"
    case .undescribed(let other): return other.kind.label.string
    }
  }

  /// The name Graph gave; for an object described only by id and type, its id in a table (where
  /// "device  device" four times told them apart by nothing, issue 28 item 10) and nothing in CSV
  /// (whose id column has it already).
  static func shownName(of member: DirectoryObject, orID: Bool) -> String {
    guard case .undescribed(let object) = member else { return member.name.string }
    if let name = object.displayName?.string, !name.isEmpty { return name }
    return orID ? CleanText(object.id).string : ""
  }

  static func mail(of member: DirectoryObject) -> String? {
    switch member {
    case .person(let person): return (person.mail ?? person.userPrincipalName)?.string
    case .group(let group): return group.mail?.string
    case .undescribed: return nil
    }
  }
}
