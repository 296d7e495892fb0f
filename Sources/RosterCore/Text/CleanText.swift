import Foundation

/// Text that is safe to put on a terminal: the only way to make one is through the cleaning below.
///
/// Directory fields are written by anyone who can edit a profile, so a display name can hold
/// `ESC[2J`, an OSC 8 hyperlink, an OSC 52 clipboard write, or a bidi override that makes text read
/// differently from what it is. Such text is cleaned once, where it enters the program (Graph
/// decoding, index rows, token claims, the task API, error bodies), into a `CleanText`; screens and
/// the CLI's output take `CleanText` and draw `.string`, so a new screen cannot show uncleaned
/// text by forgetting a call. Cleaning:
/// - removes escape sequences whole: CSI (`ESC [` … final byte), OSC (`ESC ]` … BEL or ST),
///   DCS/SOS/PM/APC strings (`ESC P`/`X`/`^`/`_` … ST), their 8-bit C1 forms (U+009B, U+009D,
///   U+0090, U+0098, U+009E, U+009F), and two-byte `ESC x` sequences;
/// - drops the remaining C0 controls, DEL and C1 controls; tab, CR, LF and the Unicode line and
///   paragraph separators become a space, so words stay apart;
/// - drops bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the implicit
///   marks U+200E/U+200F and U+061C, and the BOM (U+FEFF): they are invisible and can make a name
///   display as something else. Zero-width joiners stay (emoji sequences need them);
/// - keeps everything else printable (accents, CJK, emoji, combining marks);
/// - cuts absurdly long values to `maxCharacters` with an ellipsis.
///
/// Cleaning is idempotent, so text cleaned twice (a message built from clean parts) is unchanged.
/// String literals are cleaned too, interpolated ones included (`"Offline: \(detail)"` with the
/// server's detail in it): it costs nothing on the fast path and leaves no way in.
public struct CleanText: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// The default cap, in characters (grapheme clusters): far more than any real field.
  public static let defaultMaxCharacters = 512

  /// The clean text.
  public let string: String

  /// `untrusted` with controls, escape sequences and bidi formatting removed, capped in length.
  public init(_ untrusted: String, maxCharacters: Int = defaultMaxCharacters) {
    string = Self.clean(untrusted, maxCharacters: maxCharacters)
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The empty text.
  public static let empty = CleanText("")

  public var isEmpty: Bool { string.isEmpty }

  public var description: String { string }

  /// The text without surrounding spaces, or nil when nothing printable is left (so callers can
  /// show a placeholder).
  public var nonEmpty: CleanText? {
    let trimmed = string.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? nil : CleanText(trusted: trimmed)
  }

  public static func < (lhs: CleanText, rhs: CleanText) -> Bool { lhs.string < rhs.string }

  /// Text already clean (a part of clean text): skips the scan.
  private init(trusted: String) { string = trusted }
}

extension CleanText {
  /// The one cleaning function of the program.
  ///
  /// The fast path (all printable, short) hands back the same string: the index decodes 500 rows
  /// per keystroke through it, so it must not allocate.
  static func clean(_ text: String, maxCharacters: Int) -> String {
    // Not more UTF-8 bytes than the cap means not more characters: no graphemes to count.
    let short = maxCharacters > 0 && text.utf8.count <= maxCharacters
    if isPlainPrintable(text) {
      return short ? text : cap(text, maxCharacters)
    }
    var scanner = EscapeStripper()
    var output = String.UnicodeScalarView()
    // Scanning stops well past the cap, so a megabyte of junk costs little.
    let scanLimit = max(maxCharacters, 1) * 8 + 1024
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if offset >= scanLimit { break }
      guard let kept = scanner.feed(scalar) else { continue }
      output.append(kept)
    }
    return cap(String(output), maxCharacters)
  }

  /// Whether `text` has nothing to remove. Checked on the UTF-8 bytes: printable ASCII passes at
  /// once, and of the multi-byte forms only the few that encode a dropped or space-like scalar
  /// (C1, U+061C, U+200E/F, U+2028–U+202E, U+2066–U+206F, U+FEFF, U+FFF9–U+FFFB) send the text to
  /// the scanner. A string without contiguous UTF-8 (bridged) is checked scalar by scalar.
  private static func isPlainPrintable(_ text: String) -> Bool {
    if let plain = text.utf8.withContiguousStorageIfAvailable(isPlainPrintable) { return plain }
    return text.unicodeScalars.allSatisfy { scalar in
      if scalar.value >= 0x20 && scalar.value < 0x7F { return true }
      return scalar.value >= 0xA0 && !EscapeStripper.isDropped(scalar) && !EscapeStripper.isSpaceLike(scalar)
    }
  }

  private static func isPlainPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      // Eight bytes at a time while they are all printable ASCII (most directory text is).
      if index + 8 <= count
        && isPrintableASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
        continue
      }
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x7F {
        index += 1
        continue
      }
      // Valid UTF-8 (a Swift string is): a lead byte has its continuation bytes after it.
      let next = index + 1 < count ? bytes[index + 1] : 0
      let third = index + 2 < count ? bytes[index + 2] : 0
      switch byte {
      case 0x00..<0x20, 0x7F: return false
      case 0xC2 where next < 0xA0: return false  // U+0080–U+009F: C1 controls, NEL
      case 0xD8 where next == 0x9C: return false  // U+061C arabic letter mark
      case 0xE2 where next == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)):
        return false  // LRM, RLM, line/paragraph separators, bidi embeddings and overrides
      case 0xE2 where next == 0x81 && (0xA6...0xAF).contains(third): return false  // isolates, deprecated
      case 0xEF where next == 0xBB && third == 0xBF: return false  // BOM
      case 0xEF where next == 0xBF && (0xB9...0xBB).contains(third): return false  // annotation marks
      default: index += 1
      }
    }
    return true
  }

  /// Whether all eight bytes of `word` are 0x20–0x7E: none has the high bit, none is below 0x20
  /// (subtracting 0x20 from each borrows into its high bit), none is 0x7F (XOR makes it zero).
  private static func isPrintableASCII(_ word: UInt64) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    if word & high != 0 { return false }
    if (word &- ones &* 0x20) & high != 0 { return false }
    let del = word ^ (ones &* 0x7F)
    return (del &- ones) & ~del & high == 0
  }

  /// `text` cut to `maxCharacters` with an ellipsis when longer.
  @inline(never)
  private static func cap(_ text: String, _ maxCharacters: Int) -> String {
    guard maxCharacters > 0 else { return "" }
    guard text.utf8.count > maxCharacters, text.count > maxCharacters else { return text }
    return String(text.prefix(maxCharacters - 1)) + "…"
  }
}

extension CleanText: Codable {
  /// A plain JSON string, cleaned when decoded: `--json` output and the index's stored JSON look
  /// as they did when these fields were strings.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }
}
