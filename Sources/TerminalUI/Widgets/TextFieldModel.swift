/// The editing rules of a one-line text field, as a value: text plus a cursor.
///
/// Pure so the keys are tested with tables and so a view-controller can keep the text in
/// `AppState` (the search query) while only the cursor column stays view-local.
/// Keys: Left/Right, Home/End, Ctrl-A/E (start/end), Ctrl-B/F (left/right), Ctrl-U (delete to
/// start), Ctrl-K (delete to end), Ctrl-W and Alt-Backspace (delete word before), Backspace,
/// Delete/Ctrl-D, Alt-B/F (word left/right), typed characters and pasted text.
public struct TextFieldModel: Sendable, Equatable {
  public private(set) var text: String
  /// Cursor position in characters (grapheme clusters), 0...text.count.
  public private(set) var cursor: Int
  /// Longest text accepted, in characters (a paste beyond it is cut).
  public var maxLength: Int

  /// The letters Roster binds with Alt (word left and right); the key decoder reads Esc and any
  /// other key that follow each other closely as two keys (`KeyDecoder.decodeEscape`).
  public static let altKeys: Set<Character> = ["b", "f"]

  /// Longer than any name or address anyone types; a pasted megabyte is cut here.
  public static let defaultMaxLength = 256

  public init(text: String = "", cursor: Int? = nil, maxLength: Int = defaultMaxLength) {
    self.text = text
    self.maxLength = maxLength
    self.cursor = min(max(0, cursor ?? text.count), text.count)
  }

  /// Applies `key`; returns false when the key is not an editing key (so it can bubble up).
  @discardableResult
  public mutating func apply(_ key: Key) -> Bool {
    var characters = Array(text)
    switch key {
    case .character(let c):
      insert([c], into: &characters)
    case .paste(let pasted):
      insert(Array(Self.singleLine(pasted)), into: &characters)
    case .left, .control("b"):
      cursor = max(0, cursor - 1)
    case .right, .control("f"):
      cursor = min(characters.count, cursor + 1)
    case .home, .control("a"):
      cursor = 0
    case .end, .control("e"):
      cursor = characters.count
    case .backspace, .control("h"):
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete, .control("d"):
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
    case .control("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control("k"):
      characters.removeSubrange(cursor..<characters.count)
    case .control("w"), .alt("\u{7F}"):
      let start = Self.wordStart(before: cursor, in: characters)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .alt("b"):
      cursor = Self.wordStart(before: cursor, in: characters)
    case .alt("f"):
      cursor = Self.wordEnd(after: cursor, in: characters)
    default:
      return false
    }
    // A terminal sends an emoji sequence a scalar at a time ("👩", ZWJ, "💻"); joined, they
    // are one character (issue 40: a ZWJ emoji typed stays whole), so the cursor is counted
    // again in the joined text, never left past its end.
    let joined = String(characters)
    cursor = min(String(characters.prefix(cursor)).count, joined.count)
    text = joined
    return true
  }

  private mutating func insert(_ new: [Character], into characters: inout [Character]) {
    let room = max(0, maxLength - characters.count)
    let accepted = new.prefix(room)
    characters.insert(contentsOf: accepted, at: cursor)
    cursor += accepted.count
  }

  /// Pasted text made fit for a one-line field: line breaks and tabs become spaces, other
  /// control characters are dropped.
  public static func singleLine(_ text: String) -> String {
    var result = ""
    var lastWasSpace = false
    for character in text {
      if character.isNewline || character == "\t" {
        if !lastWasSpace && !result.isEmpty { result.append(" ") }
        lastWasSpace = true
        continue
      }
      if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { continue }
      result.append(character)
      lastWasSpace = character == " "
    }
    while result.last == " " { result.removeLast() }
    return result
  }

  static func wordStart(before index: Int, in characters: [Character]) -> Int {
    var i = index
    while i > 0 && characters[i - 1] == " " { i -= 1 }
    while i > 0 && characters[i - 1] != " " { i -= 1 }
    return i
  }

  static func wordEnd(after index: Int, in characters: [Character]) -> Int {
    var i = index
    while i < characters.count && characters[i] == " " { i += 1 }
    while i < characters.count && characters[i] != " " { i += 1 }
    return i
  }
}
