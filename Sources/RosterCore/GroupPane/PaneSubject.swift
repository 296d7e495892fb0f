import SearchRules

/// What the detail pane shows, and what a row of the list is: a person, a group or a room. The
/// walk's history (Backspace) and its breadcrumb are made of these, so walking from a person to a
/// group they are in, to a nested group and to one of its members is one path.
public enum PaneSubject: Equatable, Sendable, Hashable, Identifiable {
  case person(Person)
  case group(Group)
  case room(Room)
  /// Any kind that needs no case of its own (`SearchedKind`: devices, apps): its item, boxed.
  case item(AnyListedItem)

  /// The object itself, whatever its kind: the one place a subject is unwrapped, so its id and
  /// kind (and, in `TerminalUI`, its texts) are read without a switch per question.
  public var item: any ListedItem {
    switch self {
    case .person(let person): return person
    case .group(let group): return group
    case .room(let room): return room
    case .item(let boxed): return boxed.base
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

  /// A member row opens as the pane subject it names: a person, a group, or an object of a
  /// registered kind named only by type (a device, `ListedKind.subject(forMember:)`); service
  /// principals and objects the token may not read open nothing.
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

/// An item a kind's rows hold that can stand in a row and the pane without a case of its own: what
/// `SearchedKind`s list (devices, apps). Hashable so a boxed row is compared and hashed as itself.
public protocol SearchableItem: ListedItem, Hashable {
  /// Its values of its kind's `SearchSchema`: what the field's words narrow it by while Graph is
  /// asked, and what the index searches.
  var searchFields: SearchFields { get }
  /// The name it is listed and sorted by.
  var sortName: String { get }
}

/// A `SearchableItem` of any kind, as a value: `PaneSubject.item` holds it, so a new kind adds
/// no case to the subject, the pane or the walk.
public struct AnyListedItem: Hashable, Sendable, CustomStringConvertible {
  public let base: any SearchableItem

  public init(_ base: some SearchableItem) { self.base = base }

  /// The item as `Item`, when it is one.
  public func value<Item>(as type: Item.Type) -> Item? { base as? Item }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isSame(as: rhs.base) }
  public func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }
  public var description: String { "\(base)" }
}

extension SearchableItem {
  /// Whether `other` is an item of this type equal to this one (equality through an existential).
  fileprivate func isSame(as other: any SearchableItem) -> Bool { (other as? Self) == self }
}
