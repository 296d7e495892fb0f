/// One entry of a `/devices/delta` page (`ChangeFeed<DeviceChange>`): a device has no members or
/// manager, so an entry is the device as selected, or its id when it left the directory.
public typealias DeviceChange = ItemChange<Device>
