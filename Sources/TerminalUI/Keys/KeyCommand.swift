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
  /// Whether the row takes its keys in this state (`d` deletes only while a task is selected).
  public let isActive: Bool
  /// For a fallback: global keys it types as text instead of letting the global table have them
  /// (`q` in a search field that already holds text). Help then leaves those keys out of the
  /// global rows, so "q quit" is listed only where `q` quits.
  public let over: [Key]
  /// For a fallback: it answers a question ("any other key keeps it"), so it takes every global
  /// key too, except those that always reach the global table (Ctrl-C, Ctrl-L, Ctrl-Z).
  public let isAnswer: Bool
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
    self.over = []
    self.isAnswer = false
    self.run = run
  }

  private init(
    fallback label: String, _ help: String?, hint: Bool, over: [Key], answer: Bool, run: @escaping Handler
  ) {
    (keys, aliases, self.label, self.help, isHint, isFallback, isActive) = ([], [], label, help, hint, true, true)
    (self.over, isAnswer) = (over, answer)
    self.run = run
  }

  /// The table's fallback (at most one): every key neither a row of its own table nor the global
  /// table claims, e.g. typing into a text field; and the global keys in `over` before the
  /// global table sees them. It may still answer `.ignored`. `label` names what it takes ("type",
  /// "paste").
  public static func fallback(
    _ label: String, _ help: String?, hint: Bool = false, over: [Key] = [], run: @escaping Handler
  ) -> KeyCommand {
    KeyCommand(fallback: label, help, hint: hint, over: over, answer: false, run: run)
  }

  /// The "any other key" answer to a question on screen ("Delete it? y deletes, any other key
  /// keeps it"): a fallback that takes global keys too, so `q` or `?` cancels rather than quits.
  public static func answer(_ label: String, _ help: String?, hint: Bool = false, run: @escaping Handler)
    -> KeyCommand
  {
    KeyCommand(fallback: label, help, hint: hint, over: [], answer: true, run: run)
  }

  /// Whether this fallback takes `key` ahead of the global table.
  func takesOverGlobal(_ key: Key) -> Bool { isFallback && (isAnswer || over.contains(key)) }

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
