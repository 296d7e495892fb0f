import RosterCore

/// A row of any kind, as the list draws it: each kind's own texts live in its presentation file
/// (`PersonPresentation`, `GroupPresentation`, `RoomPresentation`); the list reads them through
/// these, so its layout and keys name no kind but people's extra columns.
extension ListRow {
  var kind: ObjectKind { rowID.kind }

  /// The name column: a person's name, a group's or room's glyph and name.
  var listName: String {
    switch self {
    case .person(let person): return person.listName
    case .group(let group): return group.listName
    case .room(let room): return room.listName
    }
  }

  /// The address column: a person's mail, the word saying what a group or room is, then its mail.
  var listAddress: String {
    switch self {
    case .person(let person): return person.listAddress
    case .group(let group): return group.listAddress
    case .room(let room): return room.listAddress
    }
  }

  /// The glyph coloured before a group's or a room's name; a person's is their presence.
  var kindGlyph: String? {
    switch self {
    case .person: return nil
    case .group: return Group.listGlyph
    case .room: return Room.listGlyph
    }
  }
}
