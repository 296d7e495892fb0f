/// The kinds of directory object the one list holds. Adding a kind adds a case here and its
/// `ListedKind` in `listed`; the list, its selection, Ctrl-G, paging, the status line and the
/// pane's routing iterate the kinds through that registry.
public enum ObjectKind: String, Sendable, Hashable, CaseIterable, Codable {
  case person
  case group
  case room
  case device
  case app
  case enterpriseApp

  /// The order the kinds are listed in, one block each: groups (few, and a team's name is often
  /// what was typed), then people, then rooms (often named after people, so Enter still opens the
  /// person typed). The list, its positions and its status line all read this one order.
  public static let listOrder: [ObjectKind] = [.group, .person, .room, .device, .app, .enterpriseApp]

  /// The kind's slice of the list: the registry every shared place iterates. Adding a kind adds
  /// a case above and its line here; the rest is its own folder.
  var listed: any ListedKind.Type {
    switch self {
    case .person: return PeopleListing.self
    case .group: return GroupListing.self
    case .room: return RoomListing.self
    case .device: return DeviceListing.self
    case .app: return RegistrationListing.self
    case .enterpriseApp: return EnterpriseListing.self
    }
  }

  /// The model its rows hold: the terminal UI finds the kind's presentation through it.
  public var item: any ListedItem.Type { listed.item }

  /// The permission that lets a sign-in list the kind, beyond signing in.
  public var readPermission: String? { listed.readPermission }

  /// Whether the kind's answers come a page at a time (people, groups); rooms are read whole.
  public var pages: Bool { listed.pages }

  /// "people", "groups", "rooms": Ctrl-G's label and the status line say it.
  public var plural: String { listed.plural }

  /// "person", "enterprise app": a count of one says it.
  public var singular: String { listed.singular ?? rawValue }
}

/// A row of the list, whatever its kind: the selection is one of these, so an answer that
/// reorders or replaces one kind's rows never moves it onto another object.
public struct ListRowID: Sendable, Hashable {
  public var kind: ObjectKind
  public var id: String

  public init(_ kind: ObjectKind, _ id: String) {
    self.kind = kind
    self.id = id
  }
}

/// One row of the result list: the subject it opens in the pane (one sum type for both).
public typealias ListRow = PaneSubject

/// The list's own state: which kinds it shows, and which row is selected.
public struct ListState: Equatable, Sendable {
  /// All kinds, or one alone (Ctrl-G).
  public var kind: ListKind
  /// The selected row; nil when the list is empty. One selection for every kind of row.
  public var selected: ListRowID?
  /// Whether the person moved the selection since the query last changed. Until they do, every
  /// answer (of any kind) puts the selection on the top row, the best match, as fzf and
  /// quick-open lists do, so Enter opens what was typed; after they do, a refreshed answer keeps
  /// their choice while it is listed.
  public var selectionMoved: Bool

  public init(kind: ListKind = .all) {
    self.kind = kind
    self.selected = nil
    self.selectionMoved = false
  }
}
