import RosterCore
import SearchRules

/// Devices in the local index: an `ItemTable` named `device` (tables `device` and `device_fts`,
/// meta keys `device_…`, migration `devices-v1`; `ItemTable` says what each holds). These names
/// are on every existing index's disk: they never change.
public enum DeviceIndex: TableIndexedKind {
  /// device-delta names only `Device.Read.All`; device-list: `Device.Read.All` or
  /// `Directory.Read.All` (or their write forms) read devices.
  public static let table = ItemTable<Device>(
    name: "device", migration: "devices-v1", schema: .devices, permission: "Device.Read.All",
    readScopes: ["device.read.all", "device.readwrite.all", "directory.read.all", "directory.readwrite.all"])

  /// The index keeps no owners or users: nil says "not known", not "none".
  public static func detail(fromIndex device: Device) -> DeviceDetail {
    DeviceDetail(device: device, owners: nil, users: nil, fromIndex: true)
  }
}

extension DirectoryIndex {
  /// The device with object id `id` (case-insensitive), as the last sync kept it.
  func device(id: String) throws -> Device? { try item(id: id, in: DeviceIndex.table) }
}
