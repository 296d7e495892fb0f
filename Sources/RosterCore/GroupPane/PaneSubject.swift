/// What the detail pane shows: a person, a group or a room. The walk's history (Backspace) and its
/// breadcrumb are made of these, so walking from a person to a group they are in, to a nested
/// group and to one of its members is one path.
public enum PaneSubject: Equatable, Sendable, Hashable, Identifiable {
  case person(Person)
  case group(Group)
  case room(Room)

  public var id: String {
    switch self {
    case .person(let person): return person.id
    case .group(let group): return group.id
    case .room(let room): return room.id
    }
  }

  public var person: Person? { if case .person(let person) = self { person } else { nil } }
  public var group: Group? { if case .group(let group) = self { group } else { nil } }

  /// A member row opens as the pane subject it names; undescribed objects (devices, service
  /// principals, objects the token may not read) open nothing.
  public init?(_ object: DirectoryObject) {
    switch object {
    case .person(let person): self = .person(person)
    case .group(let group): self = .group(group)
    case .undescribed: return nil
    }
  }
}
