import RosterCore

/// The devices' round in a sync (`ItemSyncRound` over `/devices/delta`).
public typealias DeviceSyncRound = ItemSyncRound<Device>

extension ItemSyncRound where Item == Device {
  /// The round over `feed` (`ChangeFeed.devices`) into `DeviceIndex.table`.
  public init(feed: ChangeFeed<DeviceChange>) {
    self.init(table: DeviceIndex.table, feed: feed)
  }
}
