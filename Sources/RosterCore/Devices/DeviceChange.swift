/// One entry of a `/devices/delta` page (`ChangeFeed<DeviceChange>`): a device has no members or
/// manager, so an entry is the device as selected, or its id when it left the directory.
public enum DeviceChange: Sendable, Equatable {
  /// Added or changed: the whole device as `$select`ed.
  case upsert(Device)
  /// Removed from the directory (`@removed`, reason `changed` or `deleted`).
  case removed(String)
}
