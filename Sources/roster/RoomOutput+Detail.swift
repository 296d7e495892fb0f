import Foundation
import RosterCore

extension RoomOutput {
  /// `roster rooms show`: the name, then every field as a labelled line, "not set" for what the
  /// tenant never set (so a script or a person sees the field exists and is empty, not forgotten).
  static func detail(_ room: Room) -> String {
    // The label as the building signs it ("G"), with Graph's number when it says more ("G (0)").
    var floor = room.floorLabel?.nonEmpty?.string
    if let number = room.floorNumber, floor != String(number) {
      floor = floor.map { "\($0) (\(number))" } ?? String(number)
    }
    let access = room.isWheelChairAccessible.map { $0 ? "yes" : "no" }
    let coordinates = room.geoCoordinates.flatMap { point -> String? in
      guard let latitude = point.latitude, let longitude = point.longitude else { return nil }
      return String(format: "%.4f, %.4f", latitude, longitude)
    }
    let fields: [(String, String?)] = [
      ("Mail", room.emailAddress?.string), ("Nickname", room.nickname?.string), ("Building", room.building?.string),
      ("Floor", floor), ("Capacity", room.capacity.map(String.init)), ("Booking", room.bookingType?.string),
      ("Wheelchair", access), ("Audio", room.audioDeviceName?.string), ("Video", room.videoDeviceName?.string),
      ("Display", room.displayDeviceName?.string),
      ("Tags", room.tags.flatMap { $0.isEmpty ? nil : $0.map(\.string).joined(separator: ", ") }),
      ("Phone", room.phone?.string), ("Address", room.address?.line?.string), ("Coordinates", coordinates),
      ("Object id", CleanText(room.id).string),
    ]
    return ([room.name.string] + LabelledFields.lines(fields)).joined(separator: "\n") + "\n"
  }
}
