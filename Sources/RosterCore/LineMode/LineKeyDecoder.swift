/// Turns the terminal's bytes into the line editor's keys: UTF-8 text, the control keys readline
/// knows, and the arrow, Home, End and Delete sequences in both their `CSI` and `SS3` forms (xterm,
/// the Linux console, tmux). A sequence split across reads is kept for the next one.
public struct LineKeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  public mutating func feed(_ bytes: [UInt8]) -> [LineKey] {
    pending += bytes
    var keys: [LineKey] = []
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty {
        keys.append(.insert(String(decoding: text, as: UTF8.self)))
        text = []
      }
    }
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        // Incomplete: the rest comes with the next read (a lone Escape is dropped below).
        guard let (key, length) = Self.escape(pending[index...]) else { break }
        flushText()
        keys.append(key)
        index += length
        continue
      }
      if byte >= 0x80 {
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= pending.count else { break }
        text += pending[index..<index + length]
        index += length
        continue
      }
      if byte >= 0x20 && byte != 0x7F {
        text.append(byte)
        index += 1
        continue
      }
      flushText()
      keys.append(Self.control(byte))
      index += 1
    }
    flushText()
    pending.removeFirst(index)
    // A lone Escape at the end of a read is the Escape key: nothing to do with it.
    if pending == [0x1B] { pending = [] }
    return keys
  }

  static func control(_ byte: UInt8) -> LineKey {
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .backspace
    case 0x01: return .home
    case 0x05: return .end
    case 0x02: return .left
    case 0x06: return .right
    case 0x15: return .deleteToStart
    case 0x17: return .deleteWord
    case 0x10: return .up
    case 0x0E: return .down
    case 0x04: return .endOfInput
    case 0x03: return .interrupt
    default: return .ignored
    }
  }

  /// The key an escape sequence at the start of `bytes` names and its length; nil when incomplete.
  static func escape(_ bytes: ArraySlice<UInt8>) -> (LineKey, Int)? {
    let bytes = Array(bytes)
    guard bytes.count >= 2 else { return nil }
    guard bytes[1] == 0x5B || bytes[1] == 0x4F else { return (.ignored, 2) }
    // CSI or SS3: parameters (digits, `;`), then one final byte.
    var end = 2
    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return nil }
    let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
    let key: LineKey
    switch bytes[end] {
    case 0x41: key = .up
    case 0x42: key = .down
    case 0x43: key = .right
    case 0x44: key = .left
    case 0x48: key = .home
    case 0x46: key = .end
    case 0x7E:
      switch parameters {
      case "1", "7": key = .home
      case "4", "8": key = .end
      case "3": key = .delete
      default: key = .ignored
      }
    default: key = .ignored
    }
    return (key, end + 1)
  }
}
