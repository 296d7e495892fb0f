/// The kinds with a part in the local index beyond people, groups and rooms: the one line a new
/// kind adds here (its part is in `Index/<Kind>/`).
enum IndexedKinds {
  static let all: [any IndexedKind.Type] = [DeviceIndex.self, RegistrationIndex.self, EnterpriseIndex.self]
}
