import Foundation
import Synchronization

/// One change to the tenant's devices, as an administrator or Intune would make it.
public enum DeviceEdit: Sendable, Equatable {
  case add(RegisteredDevice)
  case rename(id: String, displayName: String)
  case setAccountEnabled(id: String, Bool)
  case setCompliance(id: String, Bool?)
  /// Deleted: `permanent` is Graph's `"deleted"`, otherwise `"changed"` (soft delete).
  case remove(id: String, permanent: Bool)

  var deviceId: String {
    switch self {
    case .add(let device): device.id
    case .rename(let id, _), .setAccountEnabled(let id, _), .setCompliance(let id, _), .remove(let id, _): id
    }
  }
}

/// The tenant's devices as they change at run time, with the change log `/devices/delta`
/// answers from — the devices' counterpart of the directory's history: every edit batch makes a
/// new immutable `DeviceSet` (a request reads one consistent snapshot) and bumps the version; the
/// log remembers which ids changed at which version and how removed ones left. Devices have a
/// history of their own because nothing else changes with them, and their versions need not
/// follow the people's.
public final class DeviceHistory: Sendable {
  public struct Snapshot: Sendable {
    public var devices: DeviceSet
    public var version: Int
    /// Object ids ascending, for delta rounds.
    public var sortedIds: [String]
  }

  private struct Change {
    var version: Int
    var id: String
    var removal: String?
  }

  private struct State {
    var snapshot: Snapshot
    var log: [Change] = []
    var forgottenThrough = -1
  }

  public static let retainedChanges = 100_000
  /// Random per run: a token from another run names a state this one never had.
  public let instance = UInt32.random(in: 1...UInt32.max)
  private let state: Mutex<State>

  public init(_ devices: DeviceSet) {
    state = Mutex(State(snapshot: Snapshot(devices: devices, version: 0, sortedIds: devices.sortedIds)))
  }

  public var current: Snapshot { state.withLock { $0.snapshot } }

  /// Applies the edits as one version, all or nothing; an edit naming no device is refused.
  @discardableResult
  public func apply(_ edits: [DeviceEdit]) throws(DirectoryEditError) -> Int {
    let result: Result<Int, DirectoryEditError> = state.withLock { state in
      var devices = state.snapshot.devices.devices
      for edit in edits {
        if case .add(let device) = edit {
          devices.append(device)
          continue
        }
        guard let index = devices.firstIndex(where: { $0.id.lowercased() == edit.deviceId.lowercased() }) else {
          return .failure(DirectoryEditError("no device with id \(edit.deviceId)", notFound: true))
        }
        switch edit {
        case .rename(_, let name): devices[index].displayName = name
        case .setAccountEnabled(_, let enabled): devices[index].accountEnabled = enabled
        case .setCompliance(_, let compliant): devices[index].isCompliant = compliant
        case .remove: devices.remove(at: index)
        case .add: break
        }
      }
      let version = state.snapshot.version + 1
      for edit in edits {
        var removal: String?
        if case .remove(_, let permanent) = edit { removal = permanent ? "deleted" : "changed" }
        state.log.append(Change(version: version, id: edit.deviceId, removal: removal))
      }
      if state.log.count > Self.retainedChanges {
        let dropped = state.log.count - Self.retainedChanges
        state.forgottenThrough = state.log[dropped - 1].version
        state.log.removeFirst(dropped)
      }
      let next = DeviceSet(devices)
      state.snapshot = Snapshot(devices: next, version: version, sortedIds: next.sortedIds)
      return .success(version)
    }
    return try result.get()
  }

  /// Ids changed after `version` up to `through`, ascending, each with its last removal reason
  /// (nil when it exists again or still); nil when `version` is too old to answer.
  public func changes(after version: Int, through: Int) -> [(id: String, removal: String?)]? {
    state.withLock { state in
      guard version >= state.forgottenThrough, version <= state.snapshot.version else { return nil }
      var last: [String: String?] = [:]
      for change in state.log where change.version > version && change.version <= through {
        last[change.id] = change.removal
      }
      return last.keys.sorted().map { ($0, last[$0]!) }
    }
  }
}
