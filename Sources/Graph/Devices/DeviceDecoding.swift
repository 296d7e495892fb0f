import Foundation
import RosterCore

/// Decodes Graph's `device` objects leniently, as `GroupDecoding` and `RoomDecoding` do: a field
/// of the wrong type is absent, an entry without an `id` is dropped (nothing can open it), and
/// only a body that is not a collection (or not JSON) is malformed. Text is cleaned here, where
/// it enters the program: whoever joined a device typed its name.
enum DeviceDecoding {
  /// Every `Device` field, as the list, the pane and the index select them.
  static let fields = [
    "id", "deviceId", "displayName", "operatingSystem", "operatingSystemVersion", "trustType", "isCompliant",
    "isManaged", "accountEnabled", "approximateLastSignInDateTime", "registrationDateTime", "manufacturer", "model",
  ]

  /// What the pane shows of an owner or a user (`registeredOwners`, `registeredUsers`).
  /// `showInAddressList`: whom the organisation hides is counted in the pane, not named.
  static let personFields = ["id", "displayName", "mail", "userPrincipalName", "jobTitle", "showInAddressList"]

  struct Page {
    var devices: [Device]
    var nextLink: String?
    var count: Int?
  }

  static func page(from data: Data) throws(DirectoryError) -> Page {
    let collection = try ODataCollection(data)
    return Page(
      devices: collection.objects.compactMap(device(from:)), nextLink: collection.nextLink, count: collection.count)
  }

  static func single(from data: Data) throws(DirectoryError) -> Device {
    guard let device = device(from: try PeopleDecoding.jsonObject(data)) else {
      throw .malformedResponse("The device from Microsoft Graph has no id.")
    }
    return device
  }

  /// A device's owners or users: people (the cast `…/microsoft.graph.user` lists nothing else),
  /// each possibly known by its id alone when the token may not read users.
  static func people(from data: Data) throws(DirectoryError) -> [Person] {
    try PeopleDecoding.page(from: data).people
  }

  static func device(from object: [String: Any]) -> Device? {
    guard let id = object["id"] as? String, !id.isEmpty else { return nil }
    return Device(
      id: id, displayName: text(object["displayName"]) ?? .empty, deviceId: object["deviceId"] as? String,
      operatingSystem: text(object["operatingSystem"]), operatingSystemVersion: text(object["operatingSystemVersion"]),
      trustType: text(object["trustType"]), isCompliant: object["isCompliant"] as? Bool,
      isManaged: object["isManaged"] as? Bool, accountEnabled: object["accountEnabled"] as? Bool,
      approximateLastSignInDateTime: HealthDecoding.date(object["approximateLastSignInDateTime"]),
      registrationDateTime: HealthDecoding.date(object["registrationDateTime"]),
      manufacturer: text(object["manufacturer"]), model: text(object["model"]))
  }

  private static func text(_ value: Any?) -> CleanText? { (value as? String).map { CleanText($0) } }
}
