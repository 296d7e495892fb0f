import Foundation
import RosterCore

extension DeviceOutput {
  /// `roster devices show`: the name, every field as a labelled line ("not set" for what Graph
  /// left out, "not reported" for what no MDM sent), then its owners and users, one a line.
  static func detail(_ detail: DeviceDetail, now: Date) -> String {
    let device = withPrintableId(detail.device)
    let seen = device.approximateLastSignInDateTime.map { HealthText.stamp($0, now: now) } ?? "none recorded"
    let fields: [(String, String?)] = [
      ("System", device.system), ("Join type", device.joinType),
      ("Compliant", yesNo(device.isCompliant) ?? "not reported"),
      ("Managed", yesNo(device.isManaged) ?? "not reported"),
      ("Enabled", device.accountEnabled.map { $0 ? "yes" : "no: disabled" }), ("Last seen", seen),
      ("Registered", device.registrationDateTime.map { HealthText.stamp($0, now: now) }),
      ("Manufacturer", device.manufacturer?.string), ("Model", device.model?.string), ("Device id", device.deviceId),
      ("Object id", device.id),
    ]
    var lines = [device.displayName.string] + LabelledFields.lines(fields)
    lines += people("Owners", detail.owners, fromIndex: detail.fromIndex)
    lines += people("Users", detail.users, fromIndex: detail.fromIndex)
    if detail.hiddenFromAddressList > 0 {
      lines.append("\(detail.hiddenFromAddressList) hidden from the address list, not named.")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "Owners (1)" and a line a person; a source that keeps none (the index) says so.
  private static func people(_ title: String, _ people: [Person]?, fromIndex: Bool) -> [String] {
    guard let people else {
      return ["", fromIndex ? "\(title): not kept in the local index" : "\(title): unknown (Graph did not list them)"]
    }
    let rows = people.map { person in
      "  "
        + [
          PeopleOutput.displayName(person), (person.mail ?? person.userPrincipalName)?.string, person.jobTitle?.string,
        ]
        .compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " · ")
    }
    return ["", "\(title) (\(people.count))"] + (rows.isEmpty ? ["  none"] : rows)
  }

  /// `show --json`: the device as `search --json` lists it, with `registeredOwners` and
  /// `registeredUsers` (Graph's relationship names; null when the source keeps none).
  static func json(_ detail: DeviceDetail) throws -> String {
    try PeopleOutput.json(
      JSONShape(
        device: withPrintableId(detail.device), registeredOwners: detail.owners?.map(PersonJSON.init),
        registeredUsers: detail.users?.map(PersonJSON.init)), isoDates: true)
  }

  private struct JSONShape: Encodable {
    var device: Device
    var registeredOwners: [PersonJSON]?
    var registeredUsers: [PersonJSON]?
    enum Keys: String, CodingKey { case registeredOwners, registeredUsers }

    func encode(to encoder: any Encoder) throws {
      try device.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(registeredOwners, forKey: .registeredOwners)
      try container.encode(registeredUsers, forKey: .registeredUsers)
    }
  }

  /// An owner or user as Graph's `registeredOwners` lists a `microsoft.graph.user`: the fields read.
  private struct PersonJSON: Encodable {
    var person: Person
    enum Keys: String, CodingKey { case id, displayName, mail, userPrincipalName, jobTitle }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(CleanText(person.id).string, forKey: .id)
      try container.encode(person.displayName?.string, forKey: .displayName)
      try container.encode(person.mail?.string, forKey: .mail)
      try container.encode(person.userPrincipalName?.string, forKey: .userPrincipalName)
      try container.encode(person.jobTitle?.string, forKey: .jobTitle)
    }
  }
}
