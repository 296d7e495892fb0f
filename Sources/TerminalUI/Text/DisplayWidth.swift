/// Width of text in terminal cells, from Roster's own Unicode tables.
///
/// Why own tables: `wcwidth` depends on the C library and the locale, so a CJK or emoji name
/// would measure differently on different hosts and shift columns. Grapheme clusters come from
/// Swift's `Character` (Unicode segmentation, locale independent); each cluster is measured as a
/// terminal draws it: the base character's width, 2 for emoji presentation (VS16, ZWJ sequences,
/// flag pairs, skin-tone modifiers), 1 for text presentation (VS15), 0 for a lone combining mark.
public enum DisplayWidth {
  /// Cells `text` occupies.
  public static func of(_ text: some StringProtocol) -> Int {
    if isPrintableASCII(text.utf8) { return text.utf8.count }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// `of` for a `String`, the common case, compiled for it rather than through the protocol.
  public static func of(_ text: String) -> Int {
    if isPrintableASCII(text.utf8) { return text.utf8.count }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// Printable ASCII — most of what a directory holds — is one cell a byte, with no grapheme
  /// clusters to find: a report of ten thousand rows measures every cell twice.
  @inline(__always) private static func isPrintableASCII(_ bytes: some Sequence<UInt8>) -> Bool {
    for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
    return true
  }

  /// Cells one grapheme cluster occupies: 0, 1 or 2, more for a cluster with spacing marks.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count == 1 { return width(of: first) }
    var hasEmojiSelector = false
    var hasTextSelector = false
    var hasJoiner = false
    var regionalIndicators = 0
    var hasModifier = false
    for scalar in scalars {
      switch scalar.value {
      case 0xFE0F: hasEmojiSelector = true
      case 0xFE0E: hasTextSelector = true
      case 0x200D: hasJoiner = true
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      case 0x1F3FB...0x1F3FF: hasModifier = true
      default: break
      }
    }
    let base = width(of: first)
    if regionalIndicators >= 2 { return 2 }
    if hasTextSelector && !hasJoiner { return base == 0 ? 0 : 1 }
    if hasEmojiSelector || hasModifier || (hasJoiner && first.properties.isEmoji) {
      return first.properties.isEmoji || base == 2 ? 2 : max(base, 1)
    }
    if base == 0 {
      // A cluster that starts with a zero-width scalar (e.g. a stray combining mark) still
      // shows whatever visible scalar follows.
      return scalars.dropFirst().map(width(of:)).max() ?? 0
    }
    // Terminals do not join Indic clusters: a spacing vowel sign (Devanagari ा) or a consonant
    // after a virama (प्त) takes a cell of its own, as the C library's wcwidth says. Summing the
    // scalars keeps the next character from being drawn over them.
    return scalars.reduce(0) { $0 + width(of: $1) }
  }

  /// Cells one scalar occupies on its own.
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return value == 0xAD ? 1 : 1 }
    if isZeroWidth(scalar) { return 0 }
    return WideTable.contains(value) ? 2 : 1
  }

  /// Combining marks, format characters and Hangul medial/final jamo draw on the previous cell.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
    if value == 0x200B || (0x200C...0x200F).contains(value) || (0xFE00...0xFE0F).contains(value) {
      return true
    }
    if (0xE0100...0xE01EF).contains(value) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }
}
