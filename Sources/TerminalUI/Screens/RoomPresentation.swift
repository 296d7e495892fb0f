import RosterCore

/// How a room reads in the list, the pane and the status line. A room is a kind of row like a
/// person or a group: a glyph and a word say what it is, so it reads as a room without colour.
extension Room: RowPresentable {
  static var kindGlyph: String? { listGlyph }

  /// The glyph before a room's name in the list (a door).
  static let listGlyph = "⌂"

  /// "⌂ Room 2.14 Fjord".
  var listName: String { Self.listGlyph + " " + name.string }

  /// "room · Building 2, floor 3 · 8 seats · fjord@contoso.com": the word first, so a cut keeps it.
  var listAddress: String {
    let parts = ["room", whereabouts?.string, seatsText, emailAddress?.nonEmpty?.string].compactMap { $0 }
    return parts.joined(separator: " · ")
  }

  /// "8 seats", "1 seat"; nil when the capacity is not set.
  var seatsText: String? {
    capacity.map { "\(NumberText.grouped($0)) \($0 == 1 ? "seat" : "seats")" }
  }
}

extension Room: KindPresentable {
  /// What an empty list says while it lists rooms alone.
  static func emptyListLines(_ state: AppState) -> [String] { state.roomsEmptyListLines }
}

extension AppState {
  /// The room pane's lines: everything Graph says of the room, blanks said as "not set".
  func roomLines(_ room: Room, width: Int) -> [StyledLine] {
    var pairs: [(label: String, value: String, style: Style)] = []
    func add(_ label: String, _ text: String?, missing: String = "not set", style: Style = .plain) {
      let value = text ?? ""
      pairs.append((label, value.isEmpty ? missing : value, value.isEmpty ? .muted : style))
    }
    add("Name", room.name.string)
    if let now = roomNow(room) { pairs.append(("Now", now.value, now.style)) }
    add("Building", room.building?.string)
    add("Floor", room.floorLabel?.nonEmpty?.string ?? room.floorNumber.map(String.init))
    add("Capacity", room.seatsText)
    add("Equipment", room.equipment.map(\.string).joined(separator: ", "), missing: "none listed")
    let access = room.isWheelChairAccessible.map { $0 ? "wheelchair accessible" : "not wheelchair accessible" }
    add("Access", access, style: room.isWheelChairAccessible == false ? .warning : .plain)
    add("Mail", room.emailAddress?.string)
    add("Booking", room.bookingText.0, style: room.bookingText.1)
    add("Phone", room.phone?.string)
    add("Address", room.address?.line?.string)
    add("Tags", room.tags?.map(\.string).joined(separator: ", "), missing: "none")
    var lines = [StyledLine("")] + TextPane.fields(pairs, width: width, labelWidth: Self.groupLabelWidth)
    if case .loaded(let catalog) = rooms.catalog, catalog.fromIndex {
      let synced = index.syncedText(at: now).map { ", \($0)" } ?? ""
      lines.append(StyledLine(""))
      lines += Truncation.wrap("Microsoft Graph cannot be reached: shown from the local index\(synced).", width: width)
        .map { StyledLine($0, style: .warning) }
    }
    return lines
  }

  /// What an empty list says while it lists rooms alone.
  fileprivate var roomsEmptyListLines: [String] {
    switch rooms.catalog {
    case .unknown, .loading: return ["Reading the rooms…"]
    case .needsPermission(let message):
      return [message.string, "With it: find a room by name, building, floor or equipment, and see who may book it."]
    case .offline(let message): return ["Offline: \(message)", "Type to try again."]
    case .failed(let message): return [message.string]
    case .loaded(let catalog):
      if catalog.rooms.isEmpty { return ["This organisation has no rooms set up in Exchange."] }
      return [
        "No room matches \u{201C}\(field.query.string)\u{201D}.", "Rooms match by name, building, floor, mail or tag.",
      ]
    }
  }
}

extension Room {
  /// "anyone may book it" / "reserved: only its delegates book it", as Graph's `bookingType` says.
  fileprivate var bookingText: (String?, Style) {
    switch bookingType?.string.lowercased() {
    case "standard": return ("standard: anyone may book it", .plain)
    case "reserved": return ("reserved: only its delegates may book it", .warning)
    case nil, "": return (nil, .plain)
    case let other?: return (other, .plain)
    }
  }
}
