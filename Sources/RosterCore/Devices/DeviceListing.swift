/// Devices as a kind of the list: searched page by page from Graph's `$search` on `displayName`
/// or the local index (`SearchedKind` writes the lifecycle once), opened in an item pane that
/// loads the owners and users.
enum DeviceListing: SearchedKind {
  typealias Item = Device
  static let kind = ObjectKind.device
  static let plural = "devices"
  /// device-list: `Device.Read.All` is the least privilege (Directory.Read.All also reads them).
  static let readPermission: String? = "Device.Read.All"
  static var slice: WritableKeyPath<AppState, SearchedRows<Device>> { \.devices }

  /// A device in a group's members opens as a device: its pane reads the rest.
  static func subject(forMember object: UndescribedObject) -> PaneSubject? {
    guard object.kind == .device else { return nil }
    var device = Device(id: object.id, displayName: object.displayName ?? CleanText(object.id))
    device.isPartial = true
    return row(device)
  }
}

extension KindPayload where Role == AnswerRole {
  /// Graph's page of devices (or why it failed).
  public static func devices(_ result: Result<ItemPage<Device>, DirectoryError>) -> Self { Self(.device, result) }
}

extension KindPayload where Role == IndexAnswerRole {
  /// The index's devices, `asked` being one more than listed.
  public static func devices(_ devices: [Device], asked: Int) -> Self {
    Self(.device, IndexRows(devices, asked: asked))
  }
}

extension KindPayload where Role == PaneDetailRole {
  /// A device's pane detail (or why it could not be read).
  public static func device(_ result: Result<DeviceDetail, DirectoryError>) -> Self { Self(.device, result) }
}
