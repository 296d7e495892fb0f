import RosterCore

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

  /// The two pixels of a photo cell drawn as an upper half-block (▀): the only place Roster
  /// draws colour *values* rather than roles. The surface maps them to what the terminal has (24-bit,
  /// the 256-colour palette) and draws nothing of them without colour.
  public struct Pixels: Sendable, Equatable, Hashable {
    public var top: RGB
    public var bottom: RGB
    public init(top: RGB, bottom: RGB) {
      self.top = top
      self.bottom = bottom
    }
  }

  public var attributes: Attributes
  public var color: ColorRole?
  public var pixels: Pixels?

  public init(_ attributes: Attributes = [], color: ColorRole? = nil) {
    self.attributes = attributes
    self.color = color
    self.pixels = nil
  }

  /// A photo cell: `top` in the foreground of ▀, `bottom` in its background.
  public init(pixels: Pixels) {
    self.attributes = []
    self.color = nil
    self.pixels = pixels
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
