import Foundation

/// The one place where text from the directory (or any server) is made safe for a terminal.
///
/// Directory fields are written by anyone who can edit a profile, so a display name can hold
/// `ESC[2J`, an OSC 8 hyperlink, an OSC 52 clipboard write, or a bidi override that makes text read
/// differently from what it is. Everything shown on screen or printed by the CLI goes through
/// `sanitize` first:
/// - escape sequences are removed whole: CSI (`ESC [` … final byte), OSC (`ESC ]` … BEL or ST),
///   DCS/SOS/PM/APC strings (`ESC P`/`X`/`^`/`_` … ST), their 8-bit C1 forms (U+009B, U+009D,
///   U+0090, U+0098, U+009E, U+009F), and two-byte `ESC x` sequences;
/// - the remaining C0 controls, DEL and C1 controls are dropped; tab, CR, LF and the Unicode line
///   and paragraph separators become a space, so words stay apart;
/// - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the implicit marks
///   U+200E/U+200F and U+061C, and the BOM (U+FEFF) are dropped: they are invisible and can make
///   a name display as something else. Zero-width joiners stay (emoji sequences need them);
/// - everything else printable (accents, CJK, emoji, combining marks) is kept;
/// - absurdly long values are cut to `maxCharacters` with an ellipsis.
public enum DirectoryText {
  /// The default cap, in characters (grapheme clusters): far more than any real field.
  public static let defaultMaxCharacters = 512

  /// `text` with controls, escape sequences and bidi formatting removed, capped in length.
  public static func sanitize(_ text: String, maxCharacters: Int = defaultMaxCharacters) -> String {
    if text.unicodeScalars.allSatisfy(isPlainPrintable) {
      return cap(text, maxCharacters)
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

  /// Sanitised `text`, or nil when nothing printable is left (so callers can show a placeholder).
  public static func sanitizedNonEmpty(_ text: String?) -> String? {
    guard let text else { return nil }
    let clean = sanitize(text).trimmingCharacters(in: .whitespaces)
    return clean.isEmpty ? nil : clean
  }

  /// The fast path: printable ASCII and ordinary non-control, non-format scalars.
  private static func isPlainPrintable(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value >= 0x20 && scalar.value < 0x7F { return true }
    return scalar.value >= 0xA0 && !EscapeStripper.isDropped(scalar) && !EscapeStripper.isSpaceLike(scalar)
  }

  private static func cap(_ text: String, _ maxCharacters: Int) -> String {
    guard maxCharacters > 0 else { return "" }
    guard text.count > maxCharacters else { return text }
    return String(text.prefix(maxCharacters - 1)) + "…"
  }
}
