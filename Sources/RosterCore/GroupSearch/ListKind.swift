/// What the result list holds: people and groups together, or one kind alone. Ctrl-G steps
/// through them (both → people → groups → both); the status line says which.
public enum ListKind: Equatable, Sendable, CaseIterable {
  case both
  case people
  case groups

  /// The next kind Ctrl-G switches to.
  public var next: ListKind {
    switch self {
    case .both: return .people
    case .people: return .groups
    case .groups: return .both
    }
  }

  /// "people and groups", "people only", "groups only": the status line and help name it so.
  public var label: String {
    switch self {
    case .both: return "people and groups"
    case .people: return "people only"
    case .groups: return "groups only"
    }
  }

  public var showsPeople: Bool { self != .groups }
  public var showsGroups: Bool { self != .people }
}
