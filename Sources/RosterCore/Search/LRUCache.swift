import Foundation

/// A small least-recently-used cache whose entries also expire after a time to live.
///
/// It is a value (so it lives in `AppState` and the reducer stays pure): time comes in as a
/// parameter, from `AppState.now`. Capacities are small (tens of entries), so an array ordered by
/// recency is both simple and fast enough.
public struct LRUCache<Key: Hashable & Sendable, Value: Equatable & Sendable>: Equatable, Sendable {
  /// One stored value with the time it was stored.
  public struct Entry: Equatable, Sendable {
    /// The lookup key.
    public var key: Key
    /// The stored value.
    public var value: Value
    /// When it was stored (its age decides freshness).
    public var storedAt: Date
  }

  /// The most entries kept.
  public let capacity: Int
  /// Seconds an entry stays fresh.
  public let timeToLive: TimeInterval
  /// Most recently used last.
  public private(set) var entries: [Entry] = []

  public init(capacity: Int, timeToLive: TimeInterval) {
    precondition(capacity > 0, "an LRU cache needs room for one entry")
    self.capacity = capacity
    self.timeToLive = timeToLive
  }

  /// The fresh value for `key` at `now`, marking it recently used; expired entries are dropped.
  public mutating func value(for key: Key, now: Date) -> Value? {
    guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
    let entry = entries.remove(at: index)
    guard now.timeIntervalSince(entry.storedAt) < timeToLive else { return nil }
    entries.append(entry)
    return entry.value
  }

  /// Stores `value` for `key` at `now`, evicting the least recently used entry when full.
  public mutating func insert(_ value: Value, for key: Key, now: Date) {
    entries.removeAll { $0.key == key }
    entries.append(Entry(key: key, value: value, storedAt: now))
    if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
  }

  /// Replaces the value for `key` if present, keeping its original store time (a later page of
  /// the same answer does not make the answer fresher).
  public mutating func update(_ key: Key, _ change: (inout Value) -> Void) {
    guard let index = entries.firstIndex(where: { $0.key == key }) else { return }
    change(&entries[index].value)
  }

  /// Forgets `key`'s entry (what it held is known to be stale).
  public mutating func remove(_ key: Key) { entries.removeAll { $0.key == key } }

  /// Forgets everything (e.g. on sign-out).
  public mutating func removeAll() { entries.removeAll() }

  /// Entries held, fresh or not.
  public var count: Int { entries.count }
}
