/// OSC 8: text the terminal shows as a link (`ESC ] 8 ; ; URI ST` text `ESC ] 8 ; ; ST`), which
/// the terminal opens itself: over SSH the local one, so a server without a browser is no
/// obstacle. Terminals without OSC 8 ignore the sequence and show the text.
public enum HyperlinkSequence {
  /// Opens a link to `url`; empty (no link) unless every byte is printable ASCII without a
  /// space, so no URI can end the sequence early (ESC, BEL, C1 ST) or smuggle another one in.
  /// `DeepLink` builds only such URLs; this is the second lock.
  public static func open(_ url: String) -> String {
    guard isSafe(url) else { return "" }
    return "\u{1B}]8;;\(url)\u{1B}\\"
  }

  /// Ends the link opened before.
  public static let close = "\u{1B}]8;;\u{1B}\\"

  /// Printable ASCII (U+0021–U+007E), at most 2,083 bytes (longer URIs are refused by some
  /// terminals: VTE's limit), not empty.
  public static func isSafe(_ url: String) -> Bool {
    !url.isEmpty && url.utf8.count <= 2_083 && url.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }
}

/// Whether to write OSC 8 hyperlinks: on unless `ROSTER_HYPERLINKS` says off (`0`, `off`, `no`,
/// `false`) or the terminal type is one that would print the sequence rather than ignore it
/// (the Linux console, vt100/vt220, dumb). Read once at start.
public enum HyperlinkSupport {
  public static func isEnabled(environment: [String: String]) -> Bool {
    if let choice = environment["ROSTER_HYPERLINKS"]?.lowercased(), !choice.isEmpty {
      if ["0", "off", "no", "false"].contains(choice) { return false }
      if ["1", "on", "yes", "true"].contains(choice) { return true }
    }
    let term = environment["TERM"] ?? ""
    return !(term.isEmpty || term == "dumb" || term == "linux" || term.hasPrefix("vt"))
  }
}
