import RosterCore

/// Asks the terminal what graphics it draws, and picks its answers out of the input stream.
///
/// At start the UI writes `query` (a kitty graphics query for a 1×1 image, the cell size in
/// pixels, and DA1) and feeds every input byte through `filter` until the probe finishes. Every
/// terminal answers DA1, and answers in order, so the DA1 reply ends the probe: a kitty reply
/// (`ESC _ G i=31;OK ESC \`) before it means kitty graphics; attribute 4 in DA1
/// (`ESC [ ? 62 ; 4 ; … c`) means sixel. Nothing waits for the answers: the first frame is drawn
/// at once, and a terminal that never answers is given up on after `timeout` (the photo stays in
/// half-blocks). `TERM` alone is never trusted for kitty or sixel (tmux, screen and SSH hide
/// the real terminal).
///
/// The kitty query is an APC string, which a terminal that does not parse APC draws as text
/// (`Gi=31,s=a`) and tmux takes for the pane title (kept in the status line after Roster exits,
/// issue 28 item 11). So it is sent only to a terminal that says it is kitty-capable
/// (`asksKitty`), never inside tmux or screen, and wrapped in a title push/pop: whatever the
/// terminal made of it, the title it had is put back once the probe ends.
public struct GraphicsProbe: Sendable {
  /// Kitty graphics query: id 31, one RGB pixel, query only.
  public static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
  /// `CSI 16 t` (cell size) and DA1: answered or ignored by every terminal, drawn by none.
  public static let harmlessQuery = "\u{1B}[16t" + "\u{1B}[c"
  /// XTWINOPS: push the window and icon title on the terminal's title stack.
  public static let pushTitle = "\u{1B}[22;0t"
  /// XTWINOPS: pop the title pushed by `pushTitle` (put back what the kitty query may have changed).
  public static let popTitle = "\u{1B}[23;0t"
  /// `TERM_PROGRAM` values of terminals that draw kitty graphics and parse APC strings.
  public static let kittyPrograms: Set<String> = ["kitty", "wezterm", "ghostty"]
  /// `TERM` values (lower-cased) of kitty-capable terminals.
  public static let kittyTerms: Set<String> = ["xterm-kitty", "xterm-ghostty", "wezterm"]

  /// Whether to send the kitty query: the terminal identifies as kitty-capable (`TERM`,
  /// `TERM_PROGRAM`, `KITTY_WINDOW_ID`) and Roster is not inside tmux or screen, which would not
  /// pass the image on (half-blocks are drawn there) and would take the APC string for a title.
  public static func asksKitty(environment: [String: String]) -> Bool {
    let term = (environment["TERM"] ?? "").lowercased()
    if environment["TMUX"].map({ !$0.isEmpty }) == true || environment["STY"].map({ !$0.isEmpty }) == true {
      return false
    }
    if term.hasPrefix("screen") || term.hasPrefix("tmux") { return false }
    let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
    if program == "tmux" || program == "screen" { return false }
    if kittyTerms.contains(term) || kittyPrograms.contains(program) { return true }
    return environment["KITTY_WINDOW_ID"].map { !$0.isEmpty } == true
  }

  /// The bytes to write for `environment`: the kitty query (between a title push and nothing:
  /// `popTitle` follows when the probe ends) only where `asksKitty`, then cell size and DA1.
  public static func query(environment: [String: String]) -> String {
    asksKitty(environment: environment) ? pushTitle + kittyQuery + harmlessQuery : harmlessQuery
  }
  /// How long to wait for DA1 before assuming neither kitty nor sixel.
  public static let timeout: Duration = .milliseconds(1_000)

  public private(set) var kitty = false
  public private(set) var sixel = false
  /// Pixels of one cell (width, height), when the terminal said (`CSI 6 ; h ; w t`).
  public private(set) var cellPixels: (width: Int, height: Int)?
  /// True once DA1 arrived or the probe timed out; input then passes through untouched.
  public private(set) var finished = false
  /// Bytes that may be the start of a reply, held until the rest arrives.
  private var held: [UInt8] = []

  public init() {}

  /// The photo mode the answers allow, given what the environment allows (`base`): never more
  /// than off when the environment says off.
  public func mode(base: PhotoMode) -> PhotoMode {
    guard base != .off else { return .off }
    if kitty { return .kitty }
    if sixel { return .sixel }
    return base
  }

  /// Removes the probe's replies from `bytes` and returns the rest (keys), in order.
  public mutating func filter(_ bytes: some Collection<UInt8>) -> [UInt8] {
    guard !finished || !held.isEmpty else { return Array(bytes) }
    var input = held + bytes
    held = []
    var output: [UInt8] = []
    var index = 0
    while index < input.count {
      guard !finished, input[index] == 0x1B else {
        output.append(input[index])
        index += 1
        continue
      }
      switch reply(in: input, at: index) {
      case .incomplete:
        held = Array(input[index...])
        input.removeAll()
      case .none:
        output.append(input[index])
        index += 1
      case .reply(let length):
        index += length
      }
    }
    return output
  }

  /// Gives up waiting; returns any bytes held back (they were keys after all).
  public mutating func timeOut() -> [UInt8] {
    finished = true
    defer { held = [] }
    return held
  }

  private enum Match {
    case none, incomplete
    case reply(length: Int)
  }

  private mutating func reply(in input: [UInt8], at start: Int) -> Match {
    let rest = input[start...]
    guard rest.count >= 2 else { return .incomplete }
    let second = input[start + 1]
    if second == UInt8(ascii: "_") {
      // APC: ESC _ G … ESC \
      guard rest.count >= 3 else { return .incomplete }
      guard input[start + 2] == UInt8(ascii: "G") else { return .none }
      var end = start + 3
      while end + 1 < input.count, !(input[end] == 0x1B && input[end + 1] == UInt8(ascii: "\\")) {
        end += 1
        if end - start > 512 { return .none }
      }
      guard end + 1 < input.count else { return .incomplete }
      let body = String(decoding: input[(start + 3)..<end], as: UTF8.self)
      if body.hasPrefix("i=31") && body.hasSuffix(";OK") { kitty = true }
      return .reply(length: end + 2 - start)
    }
    guard second == UInt8(ascii: "[") else { return .none }
    // CSI ? … c (DA1) or CSI 6 ; h ; w t (cell size): parameters, then the final byte.
    var end = start + 2
    while end < input.count, (0x30...0x3F).contains(input[end]) {
      end += 1
      if end - start > 64 { return .none }
    }
    guard end < input.count else { return .incomplete }
    let parameters = String(decoding: input[(start + 2)..<end], as: UTF8.self)
    switch input[end] {
    case UInt8(ascii: "c") where parameters.hasPrefix("?"):
      sixel = parameters.dropFirst().split(separator: ";").contains("4")
      finished = true
      return .reply(length: end + 1 - start)
    case UInt8(ascii: "t") where parameters.hasPrefix("6;"):
      let numbers = parameters.split(separator: ";").compactMap { Int($0) }
      if numbers.count == 3, (1...200).contains(numbers[1]), (1...200).contains(numbers[2]) {
        cellPixels = (numbers[2], numbers[1])
      }
      return .reply(length: end + 1 - start)
    default:
      return .none
    }
  }
}
