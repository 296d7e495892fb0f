import Foundation

/// A device registered in the tenant, as Graph's `device` resource describes it (a directory
/// object: `/devices`, a user's `registeredDevices`/`ownedDevices`, group members). Graph keeps
/// no owner on the device itself but in its `registeredOwners` and `registeredUsers`
/// relationships; they are stored here as user ids, so an owner who has since left the directory
/// simply no longer resolves, as in Entra.
public struct RegisteredDevice: Sendable, Equatable {
  /// The directory object id (`/devices/{id}`).
  public var id: String
  /// The id the Device Registration Service gave the device, distinct from `id`.
  public var deviceId: String
  public var displayName: String
  /// `Windows`, `iOS`, `IPad`, `AndroidForWork`, `Android`, `MacMDM`, `Linux`, as Graph spells them.
  public var operatingSystem: String
  public var operatingSystemVersion: String
  /// `AzureAd` (Entra joined), `ServerAd` (hybrid joined), `Workplace` (registered); nil for
  /// devices registered by other means (Graph then answers null).
  public var trustType: String?
  /// Null until an MDM reports, as Graph's property allows.
  public var isCompliant: Bool?
  public var isManaged: Bool?
  public var accountEnabled: Bool
  /// Null for a device that has never signed in.
  public var approximateLastSignInDateTime: Date?
  public var registrationDateTime: Date
  public var manufacturer: String?
  public var model: String?
  /// `registeredOwners`: the user who joined or registered it (at most one in Graph).
  public var ownerIds: [String]
  /// `registeredUsers`: the owner, and anyone who uses a shared device.
  public var userIds: [String]

  public init(
    id: String, deviceId: String, displayName: String, operatingSystem: String, operatingSystemVersion: String,
    trustType: String?, accountEnabled: Bool = true, registrationDateTime: Date
  ) {
    self.id = id
    self.deviceId = deviceId
    self.displayName = displayName
    self.operatingSystem = operatingSystem
    self.operatingSystemVersion = operatingSystemVersion
    self.trustType = trustType
    self.accountEnabled = accountEnabled
    self.registrationDateTime = registrationDateTime
    self.ownerIds = []
    self.userIds = []
  }
}

/// The tenant's devices in a fixed order (generation order, which `/devices` pages in), with the
/// lookups the endpoints need: by object id, and a user's registered and owned devices.
public struct DeviceSet: Sendable {
  public private(set) var devices: [RegisteredDevice]
  private var indexById: [String: Int] = [:]
  private var indexesByUser: [String: [Int]] = [:]

  public init(_ devices: [RegisteredDevice] = []) {
    self.devices = devices
    for (index, device) in devices.enumerated() {
      indexById[device.id.lowercased()] = index
      for user in Set((device.userIds + device.ownerIds).map { $0.lowercased() }) {
        indexesByUser[user, default: []].append(index)
      }
    }
  }

  /// One device by object id, either case.
  public func device(id: String) -> RegisteredDevice? { indexById[id.lowercased()].map { devices[$0] } }

  /// A user's `registeredDevices` (`owned: false`) or `ownedDevices` (`owned: true`), in order.
  public func devices(ofUser userId: String, owned: Bool) -> [RegisteredDevice] {
    let wanted = userId.lowercased()
    return (indexesByUser[wanted] ?? []).map { devices[$0] }.filter { device in
      (owned ? device.ownerIds : device.userIds).contains { $0.lowercased() == wanted }
    }
  }

  /// Object ids in ascending order: delta rounds walk them by key, so devices added or removed
  /// while a client pages never shift anyone past it.
  public var sortedIds: [String] { devices.map(\.id).sorted() }
}
