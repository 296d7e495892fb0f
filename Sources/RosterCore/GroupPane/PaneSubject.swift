/// What the detail pane shows, and what a row of the list is: a person, a group or a room. The
/// walk's history (Backspace) and its breadcrumb are made of these, so walking from a person to a
/// group they are in, to a nested group and to one of its members is one path.
public enum PaneSubject: Equatable, Sendable, Hashable, Identifiable {
  case person(Person)
  case group(Group)
  case room(Room)

  /// The object itself, whatever its kind: the one place a subject is unwrapped, so its id and
  /// kind (and, in `TerminalUI`, its texts) are read without a switch per question.
  public var item: any ListedItem {
    switch self {
    case .person(let person): return person
    case .group(let group): return group
    case .room(let room): return room
    }
  }

  public var id: String { item.id }

  /// The kind of row it is.
  public var kind: ObjectKind { type(of: item).objectKind }

  /// The row's identity in the list's selection.
  public var rowID: ListRowID { ListRowID(kind, id) }

  public var person: Person? { if case .person(let person) = self { person } else { nil } }
  public var group: Group? { if case .group(let group) = self { group } else { nil } }
  public var room: Room? { if case .room(let room) = self { room } else { nil } }

  /// A member row opens as the pane subject it names; undescribed objects (devices, service
  /// principals, objects the token may not read) open nothing.
  public init?(_ object: DirectoryObject) {
    guard let subject = object.described.subject else { return nil }
    self = subject
  }
}

/// An object the list lists and the pane shows: its kind and directory id.
public protocol ListedItem: Sendable {
  static var objectKind: ObjectKind { get }
  var id: String { get }
}
