import RosterCore

/// One row of a key table: the keys, what they do, and how they appear in `?` help and the
/// status bar hints. The same value drives dispatch (`KeyTable.handle`) and help
/// (`KeyTable.bindings`), so the two cannot drift apart.
public struct KeyCommand {
  public typealias Handler = @MainActor (Key, AppState) -> KeyResult

  /// The keys named by `label`.
  public let keys: [Key]
  /// Keys that do the same and are left out of the label (Ctrl-N beside ↓, Space beside PgDn).
  public let aliases: [Key]
  /// The keys as help shows them: derived from `keys` unless given (a test checks a given label
  /// names exactly `keys`).
  public let label: String
  /// What the keys do, short; nil for a row that help leaves out (a shortcut help names elsewhere).
  public let help: String?
  /// Whether the row is worth a place in the status bar hints (the rest only in `?` help).
  public let isHint: Bool
  /// Whether this is the table's fallback: it gets the keys no other row claims (typing).
  public let isFallback: Bool
  /// Whether the row takes its keys in this state (`q` quits only while the query is empty).
  public let isActive: Bool
  let run: Handler

  /// A row for `keys` (and `aliases`), active when `when` holds, running `run`.
  public init(
    _ keys: [Key], also aliases: [Key] = [], label: String? = nil, _ help: String?, hint: Bool = false,
    when isActive: Bool = true, run: @escaping Handler
  ) {
    self.keys = keys
    self.aliases = aliases
    self.label = label ?? keys.map(\.label).joined(separator: "/")
    self.help = help
    self.isHint = hint
    self.isFallback = false
    self.isActive = isActive
    self.run = run
  }

  private init(fallback label: String, _ help: String?, hint: Bool, run: @escaping Handler) {
    (keys, aliases, self.label, self.help, isHint, isFallback, isActive) = ([], [], label, help, hint, true, true)
    self.run = run
  }

  /// The table's fallback (at most one): every key no row claims, e.g. typing into a text field.
  /// It may still answer `.ignored`. `label` names what it takes ("type", "paste").
  public static func fallback(_ label: String, _ help: String?, hint: Bool = false, run: @escaping Handler)
    -> KeyCommand
  {
    KeyCommand(fallback: label, help, hint: hint, run: run)
  }

  /// Whether this row takes `key` before the fallback.
  public func claims(_ key: Key) -> Bool {
    !isFallback && isActive && (keys.contains(key) || aliases.contains(key))
  }

  /// The help/hint row, or nil when help leaves it out.
  public var binding: KeyBinding? { help.map { KeyBinding(label, $0, hint: isHint) } }
}

extension Key {
  /// The key as help names it: "↑", "PgDn", "Ctrl-R", "Space".
  public var label: String {
    switch self {
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .character(" "): return "Space"
    default: return description
    }
  }
}
