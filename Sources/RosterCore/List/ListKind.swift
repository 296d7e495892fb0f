/// What the result list holds: every kind together, or one kind alone. Ctrl-G steps through
/// them (all, then each kind switched on alone, in `ObjectKind`'s order); the status line says which.
public enum ListKind: Equatable, Sendable, Hashable {
  case all
  /// One kind alone, with paging when it pages.
  case only(ObjectKind)

  public static let people = ListKind.only(.person)
  public static let groups = ListKind.only(.group)
  public static let rooms = ListKind.only(.room)

  /// The one kind this shows alone; nil for `.all`.
  public var only: ObjectKind? {
    if case .only(let kind) = self { return kind }
    return nil
  }

  /// The kind showing `kind` alone.
  public init(only kind: ObjectKind) { self = .only(kind) }

  /// Whether rows of `kind` are listed.
  public func shows(_ kind: ObjectKind) -> Bool { only == nil || only == kind }

  /// The next kind Ctrl-G switches to, among the kinds switched on (people always are).
  public func next(among enabled: [ObjectKind]) -> ListKind {
    let cycle = [ListKind.all] + ObjectKind.allCases.filter(enabled.contains).map(ListKind.only)
    let position = cycle.firstIndex(of: self) ?? 0
    return cycle[(position + 1) % cycle.count]
  }

  /// "people and groups", "people, groups and rooms", "people only", "rooms only": the status
  /// line and help name it so.
  public func label(among enabled: [ObjectKind]) -> String {
    if let only { return only.plural + " only" }
    let names = ObjectKind.allCases.filter(enabled.contains).map(\.plural)
    guard names.count > 1, let last = names.last else { return names.first ?? "people" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}
