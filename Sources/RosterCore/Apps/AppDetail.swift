/// What an app's pane loads: the app as Graph answers it now, its owners (people you can walk
/// to), its other half (an app registration's enterprise app, an enterprise app's registration)
/// and what it may do.
public struct AppDetail<Flavor: AppFlavor>: Equatable, Sendable, Codable, WalkableDetail {
  /// The app's other resource, as far as it was read.
  public enum Counterpart: Equatable, Sendable, Codable {
    case found(AppObject<Flavor.Counterpart>)
    /// Graph has none in this tenant: an app registration nobody consented to here yet, or an
    /// enterprise app registered in another organisation.
    case none
    /// Not read (offline, or refused).
    case unknown
  }

  public var app: AppObject<Flavor>
  /// nil when not known (read from the index, or refused).
  public var owners: [Person]?
  public var counterpart: Counterpart
  /// Delegated grants and app roles; nil when not known.
  public var permissions: [AppPermission]?
  /// The permission that would read the delegated grants, when the token lacks it (Graph lists
  /// an app's grants only with Directory.Read.All): `permissions` then holds its app roles alone.
  public var grantsNeed: String?
  /// Owners hidden from the address list: counted, never named.
  public var hiddenFromAddressList: Int
  public var fromIndex: Bool

  /// Owners hidden from the address list are dropped here and counted, whatever read them.
  public init(
    app: AppObject<Flavor>, owners: [Person]?, counterpart: Counterpart = .unknown, permissions: [AppPermission]? = nil,
    grantsNeed: String? = nil, fromIndex: Bool = false
  ) {
    self.grantsNeed = grantsNeed
    self.app = app
    self.owners = owners?.filter { !$0.isHiddenFromAddressList }
    self.hiddenFromAddressList = (owners?.count ?? 0) - (self.owners?.count ?? 0)
    self.counterpart = counterpart
    self.permissions = permissions.map(AppPermission.ordered)
    self.fromIndex = fromIndex
  }

  /// The owners, then the app's other half.
  public var walkable: [PaneSubject] {
    var subjects = (owners ?? []).map { PaneSubject.person($0) }
    if case .found(let other) = counterpart { subjects.append(.item(AnyListedItem(other))) }
    return subjects
  }
}
