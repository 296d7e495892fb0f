import Foundation
import RosterCore

/// Renders devices for `roster devices …` in the formats the other kinds use: a table fitted to
/// the terminal, JSON with Graph's property names (`Device`'s `Codable` is Graph's shape, dates
/// ISO 8601), or RFC 4180 CSV; and one device's every field, owners and users for `show`. Text
/// fields are `CleanText` already; ids are cleaned here for printing, as `PeopleOutput` does.
enum DeviceOutput {
  static func render(_ devices: [Device], as format: OutputFormat, now: Date = Date()) throws -> String {
    let printable = devices.map(withPrintableId)
    switch format {
    case .json: return try PeopleOutput.json(printable, isoDates: true)
    case .csv:
      return TextTable.csv(csvColumns.map(\.header), printable.map { device in csvColumns.map { $0.value(device) } })
    case .table(let width):
      let rows = printable.map { device in
        [
          device.displayName.string, device.system ?? "", shortJoin(device) ?? "", yesNo(device.isCompliant) ?? "",
          lastSeen(device, now: now),
        ]
      }
      return TextTable.render(["Name", "System", "Join type", "Compliant", "Last seen"], rows, width: width)
    }
  }

  static func withPrintableId(_ device: Device) -> Device {
    var copy = device
    copy.id = CleanText(device.id).string
    copy.deviceId = device.deviceId.map { CleanText($0).string }
    return copy
  }

  /// Graph's property names, in the resource's order.
  static let csvColumns: [(header: String, value: @Sendable (Device) -> String)] = [
    ("id", { $0.id }), ("deviceId", { $0.deviceId ?? "" }), ("displayName", { $0.displayName.string }),
    ("operatingSystem", { $0.operatingSystem?.string ?? "" }),
    ("operatingSystemVersion", { $0.operatingSystemVersion?.string ?? "" }),
    ("trustType", { $0.trustType?.string ?? "" }), ("isCompliant", { bool($0.isCompliant) }),
    ("isManaged", { bool($0.isManaged) }), ("accountEnabled", { bool($0.accountEnabled) }),
    ("approximateLastSignInDateTime", { iso($0.approximateLastSignInDateTime) }),
    ("registrationDateTime", { iso($0.registrationDateTime) }), ("manufacturer", { $0.manufacturer?.string ?? "" }),
    ("model", { $0.model?.string ?? "" }),
  ]

  /// "Windows 10.0.22631 · Entra joined · last seen 3 days ago": a candidate's line when a name is shared.
  static func summary(_ device: Device, now: Date) -> String {
    [device.system, shortJoin(device), "last seen " + lastSeen(device, now: now)].compactMap { $0 }
      .joined(separator: " · ")
  }

  /// "3 days ago", "never": the pane's words.
  static func lastSeen(_ device: Device, now: Date) -> String {
    device.approximateLastSignInDateTime.map { HealthText.age(of: $0, now: now) } ?? "none recorded"
  }

  /// "Entra joined": the column has little room for the product's name.
  static func shortJoin(_ device: Device) -> String? {
    device.joinType.map { $0.hasPrefix("Microsoft ") ? String($0.dropFirst("Microsoft ".count)) : $0 }
  }

  static func yesNo(_ value: Bool?) -> String? { value.map { $0 ? "yes" : "no" } }
  private static func bool(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "" }
  private static func iso(_ date: Date?) -> String { date.map { ISO8601DateFormatter().string(from: $0) } ?? "" }
}
