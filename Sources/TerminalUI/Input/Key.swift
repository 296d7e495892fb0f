/// One input event from the terminal, decoded from raw bytes by `KeyDecoder`.
///
/// View-controllers map keys to actions; they never see bytes or escape sequences.
public enum Key: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// A printable character (any script, emoji included).
  case character(Character)
  /// Ctrl plus a letter, lower-cased: Ctrl-A is `.control("a")`.
  case control(Character)
  /// Alt (Meta/Esc prefix) plus a printable character.
  case alt(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end, insert, delete
  case enter, tab, backTab, backspace, escape
  /// F1…F12.
  case function(Int)
  /// Text pasted while bracketed paste is on: one insertion, however long (capped).
  case paste(String)
  case mouse(MouseEvent)

  public var description: String {
    switch self {
    case .character(let c): return String(c)
    case .control(let c): return "Ctrl-\(c.uppercased())"
    case .alt(let c): return "Alt-\(c)"
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .insert: return "Insert"
    case .delete: return "Delete"
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .backspace: return "Backspace"
    case .escape: return "Esc"
    case .function(let n): return "F\(n)"
    case .paste(let text): return "Paste(\(text.count) chars)"
    case .mouse(let event): return "Mouse(\(event))"
    }
  }
}

/// A mouse report (SGR 1006 encoding), with 0-based cell coordinates.
public struct MouseEvent: Sendable, Equatable, Hashable {
  public enum Kind: Sendable, Equatable, Hashable {
    case press(button: Int)
    case release
    case wheelUp
    case wheelDown
  }
  public var kind: Kind
  public var row: Int
  public var col: Int

  public init(kind: Kind, row: Int, col: Int) {
    self.kind = kind
    self.row = row
    self.col = col
  }
}
