import SearchRules

/// The keys of `person_lookup` (schema v8): what a person can be found by besides a name, each
/// one integer, so the table stays small (a key and a row id, ~16 bytes an entry) and a look-up
/// is one index probe.
///
/// - a phone: the last seven digits (`PhoneKey.tail`, below 10⁷);
/// - an address (an `smtp:` proxy address without its prefix, an other mail): a hash of the
///   case-folded address, from 2²⁴ to 2³⁰;
/// - an employee id: the same hash of the case-folded id, from 2³⁰ to 2³¹.
///
/// Every key is below 2³¹, which SQLite stores in at most four bytes: the entries of a
/// 200,000-person file are ~6 bytes a person smaller than with 60-bit hashes.
///
/// Different numbers, or addresses that hash alike, share a key: every candidate is checked
/// against the row's own values before it is listed, so a shared key costs a row read, never a
/// wrong answer.
enum LookupKey {
  static func phone(_ tail: Int) -> Int64 { Int64(tail) }

  static func address(_ text: String) -> Int64 { (1 << 24) + hash(bare(text)) % ((1 << 30) - (1 << 24)) }

  static func employeeId(_ text: String) -> Int64 { (1 << 30) + hash(TextFolding.caseFolded(text)) % (1 << 30) }

  /// An address as compared: case-folded, an `smtp:` prefix dropped (`SMTP:` marks the primary).
  static func bare(_ text: String) -> String {
    let folded = TextFolding.caseFolded(text)
    return folded.hasPrefix("smtp:") ? String(folded.dropFirst(5)) : folded
  }

  /// Whether a proxy address is a mail address (`smtp:`), not `sip:`, `x500:` and the like.
  static func isMailAddress(_ proxy: String) -> Bool {
    proxy.utf8.count > 5 && proxy.prefix(5).lowercased() == "smtp:"
  }

  /// FNV-1a of the text's bytes, cut to 62 bits (non-negative).
  private static func hash(_ text: String) -> Int64 {
    let full = text.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    return Int64(full & ((1 << 62) - 1))
  }
}
