import RosterCore

/// Turns the raw bytes read from the terminal into `Key`s.
///
/// Why decode ourselves instead of ncurses' `keypad`: bracketed paste, SGR mouse reports and Alt
/// combinations are not reported by `wget_wch` in a usable way, and a pure decoder is tested with
/// tables. Bytes arrive in arbitrary chunks (a sequence may be split across reads), so the decoder
/// keeps what it could not finish. A lone ESC is ambiguous (Esc key, or the start of a sequence);
/// the event loop calls `flushPendingEscape()` when no more bytes follow within a few
/// milliseconds. Paste is capped at `pasteLimit` characters: the rest is consumed and dropped,
/// in linear time, so a pasted megabyte neither hangs nor floods the search field.
///
/// A paste start whose end marker never comes must not swallow the keyboard: a Ctrl-C byte ends
/// the paste (xterm and tmux strip control characters from pasted text, so one inside a paste
/// was typed), as do `maxPasteBytes` without an end marker and `endStalledPaste()`, which the
/// event loop calls when no byte has come for a while. What came is then delivered as the paste.
public struct KeyDecoder: Sendable {
  /// Most characters kept from one paste.
  public var pasteLimit: Int
  /// Most bytes one paste may span without its end marker before it counts as ended.
  public static let maxPasteBytes = 8 << 20
  var buffer: [UInt8] = []
  private var paste: [UInt8]? = nil
  private var pasteDropped = false
  private var pasteBytesSeen = 0
  /// Inside a CSI longer than `maxSequenceLength`: its remaining parameter bytes and its final
  /// byte are dropped too, never typed into the field.
  var discardingSequence = false

  public init(pasteLimit: Int = 4096) {
    self.pasteLimit = pasteLimit
  }

  /// True when an ESC (or an unfinished sequence) waits for more bytes.
  public var hasPendingEscape: Bool { paste == nil && buffer.first == 0x1B }

  /// True while inside a bracketed paste.
  public var isInPaste: Bool { paste != nil }

  /// Decodes as many keys as `bytes` (plus anything left from before) complete.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    buffer.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < buffer.count {
      if paste != nil {
        // On nil the paste bytes so far were consumed and `buffer` already trimmed.
        guard let consumed = consumePaste(from: index, into: &keys) else { return keys }
        index = consumed
        continue
      }
      if discardingSequence {
        let byte = buffer[index]
        if (0x20...0x3F).contains(byte) {
          index += 1
          continue
        }
        discardingSequence = false
        if (0x40...0x7E).contains(byte) { index += 1 }
        continue
      }
      guard let (key, length) = decodeOne(at: index) else { break }  // incomplete
      index += length
      if let key { keys.append(key) }
    }
    buffer.removeFirst(min(index, buffer.count))
    return keys
  }

  /// Ends an ambiguous ESC wait: a lone ESC becomes `.escape`, an unfinished sequence is
  /// dropped (never typed into the field as text).
  public mutating func flushPendingEscape() -> [Key] {
    guard hasPendingEscape else { return [] }
    if buffer.count == 1 {
      buffer.removeAll()
      return [.escape]
    }
    if buffer.count == 2, let key = printable(from: Array(buffer[1...])) {
      buffer.removeAll()
      if case .character(let c) = key, TextFieldModel.altKeys.contains(c) { return [.alt(c)] }
      return [.escape, key]
    }
    buffer.removeAll()
    return [.escape]
  }

  /// Ends a paste whose end marker has not come (the terminal went quiet): what came so far is
  /// the paste, and bytes held back as a possible end marker are decoded as keys.
  public mutating func endStalledPaste() -> [Key] {
    guard paste != nil else { return [] }
    var keys: [Key] = [.paste(finishPaste())]
    keys += feed([])
    return keys
  }

  // MARK: - Paste

  mutating func startPaste() {
    paste = []
    pasteDropped = false
    pasteBytesSeen = 0
  }

  /// Copies paste bytes up to the end marker; returns the index after it, or nil if the marker
  /// has not arrived yet (all bytes so far consumed).
  private mutating func consumePaste(from start: Int, into keys: inout [Key]) -> Int? {
    let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
    var index = start
    while index < buffer.count {
      if buffer[index] == 0x03 || pasteBytesSeen + (index - start) >= Self.maxPasteBytes {
        // Ctrl-C was typed, or the end marker is long overdue: the paste is over.
        appendPaste(buffer[start..<index])
        keys.append(.paste(finishPaste()))
        return index
      }
      if buffer[index] == 0x1B {
        let available = buffer.count - index
        if available < marker.count {
          if Array(buffer[index...]) == Array(marker[0..<available]) {
            // Could be the start of the end marker: keep it for the next read.
            appendPaste(buffer[start..<index])
            buffer.removeFirst(index)
            return nil
          }
        } else if Array(buffer[index..<(index + marker.count)]) == marker {
          appendPaste(buffer[start..<index])
          keys.append(.paste(finishPaste()))
          return index + marker.count
        }
      }
      index += 1
    }
    appendPaste(buffer[start..<index])
    buffer.removeAll(keepingCapacity: true)
    return nil
  }

  private mutating func appendPaste(_ bytes: ArraySlice<UInt8>) {
    pasteBytesSeen += bytes.count
    guard !bytes.isEmpty, !pasteDropped else { return }
    // Four UTF-8 bytes at most per character: keep a little over the limit, trim on finish.
    let room = pasteLimit * 4 - (paste?.count ?? 0)
    if bytes.count > room {
      paste?.append(contentsOf: bytes.prefix(max(0, room)))
      pasteDropped = true
    } else {
      paste?.append(contentsOf: bytes)
    }
  }

  /// The paste, cleaned here because this is where pasted text enters the program: an escape
  /// sequence inside it goes whole (`CleanText`, the program's one rule), so a pasted `ESC[2J`
  /// or OSC 52 leaves no `[2J` or `52;c;…` in a field, and line breaks and tabs become spaces.
  private mutating func finishPaste() -> String {
    let text = String(decoding: paste ?? [], as: UTF8.self)
    paste = nil
    pasteDropped = false
    return CleanText(String(text.prefix(pasteLimit)), maxCharacters: max(pasteLimit, 1)).string
  }

  // MARK: - One key

  /// Decodes the key at `index`: nil when more bytes are needed, (nil, n) to skip n bytes.
  private mutating func decodeOne(at index: Int) -> (Key?, Int)? {
    let byte = buffer[index]
    switch byte {
    case 0x1B: return decodeEscape(at: index)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x00: return (.control(" "), 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x1C...0x1F: return (nil, 1)
    default: return decodeUTF8(at: index)
    }
  }

  func decodeUTF8(at index: Int) -> (Key?, Int)? {
    let lead = buffer[index]
    let length: Int
    switch lead {
    case 0x00..<0x80: length = 1
    case 0xC2..<0xE0: length = 2
    case 0xE0..<0xF0: length = 3
    case 0xF0..<0xF5: length = 4
    default: return (nil, 1)  // stray continuation or invalid lead byte: skip it
    }
    guard index + length <= buffer.count else { return nil }
    let bytes = Array(buffer[index..<(index + length)])
    guard let key = printable(from: bytes) else { return (nil, length) }
    return (key, length)
  }

  private func printable(from bytes: [UInt8]) -> Key? {
    guard let text = String(validating: bytes, as: UTF8.self), let character = text.first,
      let scalar = character.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F,
      !(0x80..<0xA0).contains(scalar.value)
    else { return nil }
    return .character(character)
  }
}
