import Foundation

/// The editing of the line mode's prompt (readline's basic keys), pure: a key goes in, the bytes
/// that show the change come out. Only line-editing sequences are written — carriage return,
/// erase to the end of the line (`CSI K`) and cursor left (`CSI n D`) — so a screen reader or a
/// braille display follows the line, and a transcript reads as text.
public struct LineEditor: Sendable {
  /// What a key did.
  public enum Edit: Equatable, Sendable {
    /// Write these bytes to show the change ("" for none).
    case write(String)
    /// Enter: the line is done (it is in the history now, when not empty).
    case submit(String)
    /// Control D on an empty line, or Control C: the person is leaving.
    case quit
  }

  public private(set) var prompt: String
  public private(set) var text: [Character] = []
  /// The cursor, in characters from the start of `text`.
  public private(set) var cursor = 0
  /// Earlier lines, oldest first.
  public private(set) var history: [String]
  /// While Up and Down walk the history: the index shown, and the line that was being typed.
  private var recalled: Int?
  private var draft: [Character] = []

  public init(history: [String] = []) {
    self.prompt = ""
    self.history = history
  }

  /// Starts a new line after `prompt` (which the caller writes).
  public mutating func begin(prompt: String) {
    self.prompt = prompt
    text = []
    cursor = 0
    recalled = nil
  }

  public mutating func apply(_ key: LineKey) -> Edit {
    switch key {
    case .insert(let typed):
      let characters = Array(typed)
      text.insert(contentsOf: characters, at: cursor)
      cursor += characters.count
      // Typed at the end, the characters are all the change: echo them alone.
      return cursor == text.count ? .write(typed) : redraw()
    case .left:
      guard cursor > 0 else { return .write("") }
      cursor -= 1
      return .write(Self.left(LineCells.width(of: [text[cursor]])))
    case .right:
      guard cursor < text.count else { return .write("") }
      cursor += 1
      return .write(String(text[cursor - 1]))
    case .home:
      cursor = 0
      return redraw()
    case .end:
      cursor = text.count
      return redraw()
    case .backspace:
      guard cursor > 0 else { return .write("") }
      text.remove(at: cursor - 1)
      cursor -= 1
      return redraw()
    case .delete:
      guard cursor < text.count else { return .write("") }
      text.remove(at: cursor)
      return redraw()
    case .deleteToStart:
      text.removeFirst(cursor)
      cursor = 0
      return redraw()
    case .deleteWord:
      var start = cursor
      while start > 0, text[start - 1] == " " { start -= 1 }
      while start > 0, text[start - 1] != " " { start -= 1 }
      text.removeSubrange(start..<cursor)
      cursor = start
      return redraw()
    case .up: return recall(by: -1)
    case .down: return recall(by: 1)
    case .enter:
      let line = String(text)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if !trimmed.isEmpty, history.last != line { history.append(line) }
      recalled = nil
      return .submit(line)
    case .endOfInput:
      if text.isEmpty { return .quit }
      return apply(.delete)
    case .interrupt:
      return .quit
    case .ignored:
      return .write("")
    }
  }

  /// Up (-1) and Down (+1) through the history; past the newest, the line being typed comes back.
  private mutating func recall(by step: Int) -> Edit {
    guard !history.isEmpty else { return .write("") }
    let current = recalled ?? history.count
    let next = min(max(current + step, 0), history.count)
    guard next != current else { return .write("") }
    if recalled == nil { draft = text }
    recalled = next == history.count ? nil : next
    text = next == history.count ? draft : Array(history[next])
    cursor = text.count
    return redraw()
  }

  /// The whole line written again: to its start, the prompt and text, the rest of the row erased,
  /// the cursor back to its place.
  private func redraw() -> Edit {
    let tail = LineCells.width(of: Array(text[cursor...]))
    return .write("\r" + prompt + String(text) + "\u{1B}[K" + Self.left(tail))
  }

  private static func left(_ cells: Int) -> String {
    cells == 0 ? "" : cells == 1 ? "\u{1B}[D" : "\u{1B}[\(cells)D"
  }
}

/// A key of the line editor, decoded from the terminal's bytes (`LineKeyDecoder`).
public enum LineKey: Equatable, Sendable {
  case insert(String)
  case left, right, home, end
  case backspace, delete
  /// Control U: the line before the cursor.
  case deleteToStart
  /// Control W: the word before the cursor.
  case deleteWord
  case up, down
  case enter
  /// Control D.
  case endOfInput
  /// Control C.
  case interrupt
  case ignored
}

/// How many terminal cells characters take: 2 for East Asian wide ones and most emoji, 0 for a
/// combining mark alone, else 1 (the cursor moves by cells, not characters).
public enum LineCells {
  public static func width(of characters: [Character]) -> Int {
    characters.reduce(0) { $0 + width($1) }
  }

  static func width(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let value = scalar.value
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }
}
