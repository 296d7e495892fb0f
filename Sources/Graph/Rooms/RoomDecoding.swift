import Foundation
import RosterCore

/// Decodes Graph's `microsoft.graph.room` objects leniently, as `PeopleDecoding` and
/// `GroupDecoding` do: a field of the wrong type is absent, an entry without an `id` is dropped
/// (nothing can show or open it), and only a page that is not a collection is malformed. Text is
/// cleaned here, where it enters the program: an Exchange admin typed it.
enum RoomDecoding {
  struct Page {
    var rooms: [Room]
    var nextLink: String?
  }

  static func page(from data: Data) throws(DirectoryError) -> Page {
    let collection = try ODataCollection(data)
    return Page(rooms: collection.objects.compactMap(room(from:)), nextLink: collection.nextLink)
  }

  static func room(from object: [String: Any]) -> Room? {
    guard let id = object["id"] as? String, !id.isEmpty else { return nil }
    return Room(
      id: id, displayName: text(object["displayName"]), emailAddress: text(object["emailAddress"]),
      nickname: text(object["nickname"]), building: text(object["building"]),
      floorNumber: integer(object["floorNumber"]), floorLabel: text(object["floorLabel"]),
      capacity: integer(object["capacity"]).flatMap { $0 >= 0 ? $0 : nil },
      bookingType: text(object["bookingType"]),
      // Graph's metadata spells it with a capital C; the docs have spelt it both ways.
      isWheelChairAccessible: bool(object["isWheelChairAccessible"] ?? object["isWheelchairAccessible"]),
      audioDeviceName: text(object["audioDeviceName"]), videoDeviceName: text(object["videoDeviceName"]),
      displayDeviceName: text(object["displayDeviceName"]), tags: (object["tags"] as? [Any])?.compactMap(text),
      phone: text(object["phone"]), address: address(object["address"]),
      geoCoordinates: coordinates(object["geoCoordinates"]))
  }

  /// Graph's `physicalAddress`; nil when it is not an object.
  private static func address(_ value: Any?) -> RoomAddress? {
    guard let object = value as? [String: Any] else { return nil }
    return RoomAddress(
      street: text(object["street"]), city: text(object["city"]), state: text(object["state"]),
      countryOrRegion: text(object["countryOrRegion"]), postalCode: text(object["postalCode"]))
  }

  private static func coordinates(_ value: Any?) -> RoomCoordinates? {
    guard let object = value as? [String: Any] else { return nil }
    let latitude = number(object["latitude"]).flatMap { (-90...90).contains($0) ? $0 : nil }
    let longitude = number(object["longitude"]).flatMap { (-180...180).contains($0) ? $0 : nil }
    return latitude == nil && longitude == nil ? nil : RoomCoordinates(latitude: latitude, longitude: longitude)
  }

  private static func text(_ value: Any?) -> CleanText? { (value as? String).map { CleanText($0) } }

  /// A JSON boolean only (Foundation hands booleans over as `NSNumber` typed `c`): 1 is not "yes".
  private static func bool(_ value: Any?) -> Bool? {
    guard let number = value as? NSNumber, isBoolean(number) else { return nil }
    return number.boolValue
  }

  /// A whole number, or a string of one: `capacity` is `Edm.Int32`, yet place-list's own example
  /// prints `"50"`. A fraction, a boolean or a number past `Int32` is absent.
  private static func integer(_ value: Any?) -> Int? {
    let parsed: Int?
    if let string = value as? String {
      parsed = Int(string.trimmingCharacters(in: .whitespaces))
    } else if let number = value as? NSNumber, !isBoolean(number) {
      parsed = value as? Int
    } else {
      parsed = nil
    }
    return parsed.flatMap { Int(Int32.min)...Int(Int32.max) ~= $0 ? $0 : nil }
  }

  private static func number(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber, !isBoolean(number), number.doubleValue.isFinite else { return nil }
    return number.doubleValue
  }

  private static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }
}
