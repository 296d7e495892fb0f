import SearchRules

extension Room {
  /// The room as the search rules see it (`SearchSchema.rooms`): the one mapping from `Room` that
  /// the list, the CLI and the index all match with.
  public var searchFields: SearchFields {
    SearchFields(
      .rooms,
      values: [
        displayName?.string, building?.string, floorLabel?.string, emailAddress?.string, nickname?.string,
        tags?.map(\.string).joined(separator: " "),
      ])
  }
}

/// Which rooms a search asks for: words (name, building, floor, mailbox, tags, any order), and
/// optionally a building and a smallest capacity (`roster rooms search --building --min-capacity`).
///
/// Words match as they do for people and groups (`WordMatch`, Graph's `$search` rule): a word
/// starts a word of the name, building, floor or tags, or starts the mailbox. Never a substring:
/// every room's mailbox ends in the same domain, and "ros" or "om" found all of them (issue 40).
public struct RoomFilter: Sendable, Equatable {
  public var text: String
  /// The building's name, matched whole and without regard to case.
  public var building: String?
  /// Rooms that seat at least this many; rooms whose capacity is not set are left out.
  public var minimumCapacity: Int?

  public init(text: String, building: String? = nil, minimumCapacity: Int? = nil) {
    self.text = text
    self.building = building
    self.minimumCapacity = minimumCapacity
  }

  /// The rooms that match, ordered as a person scans them: names that start with what was typed
  /// first, then by name.
  public func apply(_ rooms: [Room]) -> [Room] {
    let rules = QueryWords.words(in: text).map(WordMatch.init)
    let wantedBuilding = building.map(TextFolding.searchFolded)
    let matching = rooms.filter { room in
      if let wantedBuilding, TextFolding.searchFolded(room.building?.string ?? "") != wantedBuilding { return false }
      if let minimumCapacity, (room.capacity ?? -1) < minimumCapacity { return false }
      let fields = room.searchFields
      return rules.allSatisfy { $0.matches(fields) }
    }
    let first = Narrowing.words(text).first ?? ""
    return matching.sorted { left, right in
      let leftName = TextFolding.searchFolded(left.name.string)
      let rightName = TextFolding.searchFolded(right.name.string)
      let leftLeads = !first.isEmpty && leftName.hasPrefix(first)
      let rightLeads = !first.isEmpty && rightName.hasPrefix(first)
      if leftLeads != rightLeads { return leftLeads }
      return leftName == rightName ? left.id < right.id : leftName < rightName
    }
  }
}

extension Room {
  /// Whether `key` names this room: its id or mailbox (either case), or its whole display name
  /// (`roster rooms show ROOM`, as `roster groups show` takes a group's).
  public func isNamed(by key: String) -> Bool {
    let folded = key.lowercased()
    return id.lowercased() == folded || emailAddress?.string.lowercased() == folded
      || displayName?.string.lowercased() == folded
  }
}
