import Foundation
import SandboxDirectory

extension RecycleBin {
  /// Display names of the generated deleted people and groups. Some carry what a careless or
  /// hostile tenant holds (an escape sequence, a right-to-left override, a line break, a very long
  /// name), so every client's cleaning is tried on a list where nobody expects an attack.
  static let personNames = [
    "Priya Raman", "Tomás O'Brien", "Ngozi Okafor", "Mallory \u{1B}[31mRed\u{1B}[0m Admin", "Ahmad \u{202E}gnp.exe",
    "Mei Lin", "Line\nBreak Person",
  ]
  static let groupNames = [
    "Project Falcon", "Old Intranet Team", "Team \u{1B}]8;;https://evil.example\u{07}click\u{1B}]8;;\u{07}",
    String(repeating: "Very Long Group Name ", count: 12),
  ]

  /// Seven people and four Microsoft 365 groups (deleted security groups are deleted for good,
  /// directory-deleteditems-list), each deleted 1–29 days before `now`; most by a person of the
  /// directory or an app, some by nobody the audit log names.
  static func generated(seed: UInt64, directory: Directory, now: Date) -> [DeletedObject] {
    var random = SeededRandom(seed: seed ^ 0x0DE1_E7ED)
    let domain = directory.defaultUser.userPrincipalName.split(separator: "@").last.map(String.init) ?? "contoso.com"
    func guid() -> String {
      let high = random.next()
      let low = random.next()
      var bytes: [UInt8] = (0..<8).map { UInt8(truncatingIfNeeded: high >> ($0 * 8)) }
      bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> ($0 * 8)) }
      bytes[6] = (bytes[6] & 0x0F) | 0x40
      bytes[8] = (bytes[8] & 0x3F) | 0x80
      let uuid = (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
        bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      )
      return UUID(uuid: uuid).uuidString.lowercased()
    }
    func deleter(_ draw: UInt64) -> DeletedObject.Deleter? {
      switch draw % 5 {
      case 0: return nil
      case 1: return .app(id: "00000002-0000-0000-c000-000000000000", displayName: "Microsoft Entra Connect Sync")
      default:
        // An enabled member: a room's mailbox or a guest deletes nobody.
        let count = UInt64(max(directory.users.count, 1))
        let admin =
          (UInt64(0)..<8).lazy.map { directory.users[Int((draw &+ $0 &* 7_919) % count)] }
          .first { $0.accountEnabled && $0.userType == "Member" && !($0.displayName ?? "").contains("Room") }
          ?? directory.defaultUser
        return .user(id: admin.id, displayName: admin.displayName ?? "", userPrincipalName: admin.userPrincipalName)
      }
    }
    func deletedAt() -> Date { now.addingTimeInterval(-Double(86_400 + Int(random.next() % (28 * 86_400)))) }
    var items: [DeletedObject] = []
    for name in personNames {
      let words = name.split(whereSeparator: { !$0.isLetter }).map(String.init)
      let nickname = (words.first ?? "user").lowercased() + "." + (words.last ?? "x").lowercased()
      var user = DirectoryUser(id: guid(), userPrincipalName: "\(nickname)@\(domain)", displayName: name)
      user.givenName = words.first
      user.surname = words.count > 1 ? words.last : nil
      user.mail = user.userPrincipalName
      user.jobTitle = "Former employee"
      items.append(.user(user, in: directory, deletedAt: deletedAt(), by: deleter(random.next())))
    }
    for name in groupNames {
      let id = guid()
      let date = deletedAt()
      let nickname = name.lowercased().filter { $0.isLetter }.prefix(24)
      let properties: [(String, JSONValue)] = [
        ("id", .string(id)), ("displayName", .string(name)), ("description", .string("Deleted with its team")),
        ("mail", .string("\(nickname)@\(domain)")), ("mailNickname", .string(String(nickname))),
        ("groupTypes", .array([.string("Unified")])), ("mailEnabled", .bool(true)), ("securityEnabled", .bool(false)),
        ("visibility", .string("Private")), ("createdDateTime", .string("2024-03-01T09:00:00Z")),
        ("deletedDateTime", .string(GraphEndpoints.dateFormat(date) + "Z")),
      ]
      items.append(
        DeletedObject(
          kind: .group, id: id, displayName: name, deletedDateTime: date, properties: properties,
          deletedBy: deleter(random.next())))
    }
    return items
  }
}
