import Foundation
import Graph
import RosterCore

/// `roster show PERSON --owned`: what the person owns, for offboarding — groups, app
/// registrations and enterprise apps (`ownedObjects`), then devices (`ownedDevices`). A part the
/// token may not read says why on its own line; the other part still prints.
enum OwnedOutput {
  static func text(_ owned: OwnedObjects, person: Person, now: Date = Date()) -> String {
    var lines = ["\(person.displayName?.string ?? CleanText(person.id).string) owns:"]
    switch owned.objects {
    case .success(let objects):
      let groups = objects.filter { if case .group = $0 { true } else { false } }
      let others = objects.filter { if case .group = $0 { false } else { true } }
      lines.append(heading("Groups", groups.count))
      lines += groups.map { "  " + GroupOutput.shownName(of: $0, orID: true) + " · " + GroupOutput.kindLabel($0) }
      lines.append(heading("Apps and other objects", others.count))
      lines += others.map { "  " + GroupOutput.shownName(of: $0, orID: true) + " · " + GroupOutput.kindLabel($0) }
    case .failure(let error):
      lines.append("Groups and apps: " + DirectoryCommand.describe(error))
    }
    switch owned.devices {
    case .success(let devices):
      lines.append(heading("Devices", devices.count))
      lines += devices.map { device in
        "  "
          + ([device.displayName.string, device.system, "last seen " + DeviceOutput.lastSeen(device, now: now)]
            .compactMap { $0 }.joined(separator: " · "))
      }
    case .failure(let error):
      lines.append("Devices: " + DirectoryCommand.describe(error))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "Groups (2)".
  private static func heading(_ title: String, _ count: Int) -> String { "\(title) (\(NumberText.grouped(count)))" }

  /// `--owned --json`: Graph's own relationship names, each a list or null with the reason beside it.
  static func json(_ owned: OwnedObjects, person: Person) throws -> String {
    try PeopleOutput.json(JSONShape(person: person, owned: owned), isoDates: true)
  }

  private struct JSONShape: Encodable {
    var person: Person
    var owned: OwnedObjects
    enum Keys: String, CodingKey { case id, displayName, ownedObjects, ownedDevices, problems }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(CleanText(person.id).string, forKey: .id)
      try container.encodeIfPresent(person.displayName, forKey: .displayName)
      try container.encode((try? owned.objects.get())?.map(GroupOutput.printable), forKey: .ownedObjects)
      try container.encode((try? owned.devices.get())?.map(DeviceOutput.withPrintableId), forKey: .ownedDevices)
      var problems: [String: String] = [:]
      if case .failure(let error) = owned.objects { problems["ownedObjects"] = DirectoryCommand.describe(error) }
      if case .failure(let error) = owned.devices { problems["ownedDevices"] = DirectoryCommand.describe(error) }
      if !problems.isEmpty { try container.encode(problems, forKey: .problems) }
    }
  }
}
