import Foundation
import SearchRules

/// A device registered in the tenant, as Graph's `device` resource says it (`/devices`).
///
/// Property names are Graph v1.0's, so `roster devices … --json` and the index's stored JSON use
/// them too. Text is `CleanText`, cleaned where the device was decoded: a device's name is typed
/// by whoever joined it and may carry anything. Graph leaves out (or answers null) what an MDM
/// never reported, so every field but `id` and the name is optional.
public struct Device: Sendable, Equatable, Hashable, Codable, Identifiable {
  /// The directory object id (`/devices/{id}`).
  public var id: String
  /// The id the Device Registration Service gave it (what Intune and the device itself show).
  public var deviceId: String?
  public var displayName: CleanText
  /// `Windows`, `iOS`, `MacMDM`, `Linux` … as Graph spells them.
  public var operatingSystem: CleanText?
  public var operatingSystemVersion: CleanText?
  /// `AzureAd` (joined), `ServerAd` (hybrid joined), `Workplace` (registered).
  public var trustType: CleanText?
  /// Null until an MDM reports.
  public var isCompliant: Bool?
  public var isManaged: Bool?
  public var accountEnabled: Bool?
  /// Null for a device that never signed in; Graph updates it at most every 14 days or so.
  public var approximateLastSignInDateTime: Date?
  public var registrationDateTime: Date?
  public var manufacturer: CleanText?
  public var model: CleanText?
  /// Only its id and name are known (a group's member row names a device no further): the pane
  /// says its other fields are unknown until its read answers, never "not set". Not Graph's.
  public var isPartial = false

  /// Graph's property names; `isPartial` is Roster's own and never written or read.
  private enum CodingKeys: String, CodingKey {
    case id, deviceId, displayName, operatingSystem, operatingSystemVersion, trustType, isCompliant, isManaged
    case accountEnabled, approximateLastSignInDateTime, registrationDateTime, manufacturer, model
  }

  public init(
    id: String, displayName: CleanText, deviceId: String? = nil, operatingSystem: CleanText? = nil,
    operatingSystemVersion: CleanText? = nil, trustType: CleanText? = nil, isCompliant: Bool? = nil,
    isManaged: Bool? = nil, accountEnabled: Bool? = nil, approximateLastSignInDateTime: Date? = nil,
    registrationDateTime: Date? = nil, manufacturer: CleanText? = nil, model: CleanText? = nil
  ) {
    self.id = id
    self.deviceId = deviceId
    self.displayName = displayName
    self.operatingSystem = operatingSystem
    self.operatingSystemVersion = operatingSystemVersion
    self.trustType = trustType
    self.isCompliant = isCompliant
    self.isManaged = isManaged
    self.accountEnabled = accountEnabled
    self.approximateLastSignInDateTime = approximateLastSignInDateTime
    self.registrationDateTime = registrationDateTime
    self.manufacturer = manufacturer
    self.model = model
  }

  /// The join type in words: "Entra joined", "hybrid joined", "registered".
  public var joinType: String? {
    switch trustType?.string.lowercased() {
    case "azuread": return "Microsoft Entra joined"
    case "serverad": return "Microsoft Entra hybrid joined"
    case "workplace": return "Microsoft Entra registered"
    case nil, "": return nil
    case let other?: return other
    }
  }

  /// "Windows 10.0.22631", "iOS 17.5".
  public var system: String? {
    let parts = [operatingSystem?.string, operatingSystemVersion?.string].compactMap { $0?.isEmpty == false ? $0 : nil }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }
}

extension SearchSchema {
  /// What Roster searches devices by: `displayName`, the one property Graph's `$search` takes on
  /// `/devices` (device-list), tokenized like a group's.
  public static let devices = SearchSchema([SearchedProperty("displayName", matching: .tokens)])
}

extension Device: SearchableItem {
  public static let objectKind = ObjectKind.device
  public var searchFields: SearchFields { SearchFields(.devices, values: [displayName.string]) }
  public var sortName: String { displayName.string }
}

/// What a device's pane loads: the device as Graph answers it now, and who owns and uses it
/// (`registeredOwners`, `registeredUsers`: people, walkable from the pane).
public struct DeviceDetail: Equatable, Sendable, Codable, WalkableDetail {
  public var device: Device
  /// nil when not known: read from the index (`fromIndex`), which keeps no owners, or a list
  /// Graph did not give.
  public var owners: [Person]?
  public var users: [Person]?
  /// Read from the local index rather than Graph.
  public var fromIndex: Bool
  /// Owners and users hidden from the address list: counted, never named (as a group's members
  /// are), so a device does not reveal whom the organisation hides.
  public var hiddenFromAddressList: Int

  /// Owners or users hidden from the address list are dropped here and counted, whatever read them.
  public init(device: Device, owners: [Person]?, users: [Person]?, fromIndex: Bool = false) {
    self.device = device
    self.fromIndex = fromIndex
    let hidden = Set(((owners ?? []) + (users ?? [])).filter(\.isHiddenFromAddressList).map(\.id))
    self.owners = owners?.filter { !hidden.contains($0.id) }
    self.users = users?.filter { !hidden.contains($0.id) }
    self.hiddenFromAddressList = hidden.count
  }

  /// The owners, then the users who are not owners, in the pane's order.
  public var people: [Person] {
    let owners = owners ?? []
    let ownerIDs = Set(owners.map(\.id))
    return owners + (users ?? []).filter { !ownerIDs.contains($0.id) }
  }

  public var walkable: [PaneSubject] { people.map { .person($0) } }
}
