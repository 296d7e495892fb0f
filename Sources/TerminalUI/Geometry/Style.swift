/// How a cell is drawn: attributes every terminal has, plus an optional colour role.
///
/// Colour is a *role*, not a value: the curses surface maps roles to colour pairs only when the
/// terminal has colours and `NO_COLOR` is unset, so nothing ever depends on colour to be readable
/// (selection and focus are always reverse video or bold).
public struct Style: Sendable, Equatable, Hashable {
  /// Attributes every terminal type Roster supports (vt100 included) can show.
  public struct Attributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let reverse = Attributes(rawValue: 1 << 1)
    public static let underline = Attributes(rawValue: 1 << 2)
    public static let dim = Attributes(rawValue: 1 << 3)
  }

  /// What a colour means; the surface decides the actual colour (or none).
  public enum ColorRole: Sendable, Equatable, Hashable {
    case accent, warning, error, success, muted
  }

  public var attributes: Attributes
  public var color: ColorRole?

  public init(_ attributes: Attributes = [], color: ColorRole? = nil) {
    self.attributes = attributes
    self.color = color
  }

  public static let plain = Style()
  public static let bold = Style(.bold)
  public static let reverse = Style(.reverse)
  public static let dim = Style(.dim)
  public static let underline = Style(.underline)
  /// The selected row of a focused list.
  public static let selectedFocused = Style([.reverse, .bold])
  /// The selected row of a list that does not have focus: still visible, less loud.
  public static let selectedUnfocused = Style(.reverse)
  public static let title = Style(.bold, color: .accent)
  public static let warning = Style(.bold, color: .warning)
  public static let error = Style(.bold, color: .error)
  public static let success = Style(.bold, color: .success)
  public static let muted = Style(.dim, color: .muted)
}
