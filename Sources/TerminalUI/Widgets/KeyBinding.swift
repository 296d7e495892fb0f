/// One key binding as shown in the help overlay and the status bar hints (lazygit's binding
/// table): declared by each view-controller next to the code that handles the key.
public struct KeyBinding: Sendable, Equatable {
  /// The keys as a person types them, e.g. "↑/↓" or "Ctrl-U".
  public var keys: String
  /// What they do, short.
  public var help: String
  /// Whether it is worth a place in the status bar hints (the rest only in `?` help).
  public var isHint: Bool

  public init(_ keys: String, _ help: String, hint: Bool = false) {
    self.keys = keys
    self.help = help
    self.isHint = hint
  }

  /// "keys help" pairs of the hint bindings, for the status bar: as many whole pairs as fit in
  /// `width` cells, in order, skipping one that does not fit (a pair is never cut: "? he…" tells
  /// no one anything).
  public static func hints(_ bindings: [KeyBinding], width: Int = .max) -> String {
    var text = ""
    for binding in bindings where binding.isHint {
      let pair = "\(binding.keys) \(binding.help)"
      let next = text.isEmpty ? pair : text + "  " + pair
      guard DisplayWidth.of(next) <= width else { continue }
      text = next
    }
    return text
  }
}
