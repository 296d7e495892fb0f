import Foundation
import RosterCore

/// Renders rooms for `roster rooms …` in the formats people and groups use: a table fitted to
/// the terminal (`TextTable`'s columns and truncation), JSON with Graph's property names
/// (`Room`'s `Codable` is Graph's shape), or RFC 4180 CSV; and one room's every field for `show`.
/// Text fields are `CleanText` already; ids are cleaned here for printing, as `PeopleOutput` does.
enum RoomOutput {
  static func render(_ rooms: [Room], as format: OutputFormat) throws -> String {
    let printable = rooms.map(withPrintableId)
    switch format {
    case .json: return try PeopleOutput.json(printable)
    case .csv:
      return TextTable.csv(csvColumns.map(\.header), printable.map { room in csvColumns.map { $0.value(room) } })
    case .table(let width):
      let rows = printable.map { room in
        [
          room.name.string, room.whereabouts?.string ?? "", room.capacity.map(String.init) ?? "",
          room.emailAddress?.string ?? "",
        ]
      }
      return TextTable.render(["Name", "Where", "Seats", "Mail"], rows, width: width)
    }
  }

  /// One room as `show --json` prints it: the object `search --json` lists.
  static func json(_ room: Room) throws -> String { try PeopleOutput.json(withPrintableId(room)) }

  static func withPrintableId(_ room: Room) -> Room {
    var copy = room
    copy.id = CleanText(room.id).string
    return copy
  }

  /// Graph's property names; tags joined by "; " (a tag may hold a comma), the address on one line.
  static let csvColumns: [(header: String, value: @Sendable (Room) -> String)] = [
    ("id", { $0.id }), ("displayName", { $0.displayName?.string ?? "" }),
    ("emailAddress", { $0.emailAddress?.string ?? "" }), ("building", { $0.building?.string ?? "" }),
    ("floorNumber", { $0.floorNumber.map(String.init) ?? "" }), ("floorLabel", { $0.floorLabel?.string ?? "" }),
    ("capacity", { $0.capacity.map(String.init) ?? "" }), ("bookingType", { $0.bookingType?.string ?? "" }),
    ("isWheelChairAccessible", { $0.isWheelChairAccessible.map { $0 ? "true" : "false" } ?? "" }),
    ("audioDeviceName", { $0.audioDeviceName?.string ?? "" }),
    ("videoDeviceName", { $0.videoDeviceName?.string ?? "" }),
    ("displayDeviceName", { $0.displayDeviceName?.string ?? "" }),
    ("tags", { ($0.tags ?? []).map(\.string).joined(separator: "; ") }), ("phone", { $0.phone?.string ?? "" }),
    ("address", { $0.address?.line?.string ?? "" }),
  ]
}
