/// How (and whether) the detail pane draws a photo, decided once per session from the terminal.
public enum PhotoMode: Sendable, Equatable {
  /// No photos: `NO_COLOR`, a vt100 or the Linux console, too few colours, or `photos = off`.
  case off
  /// Upper half-blocks (▀): two pixels a cell, foreground the top, background the bottom, in the
  /// 256-colour palette.
  case halfBlocks256
  /// Half-blocks in 24-bit colour (`COLORTERM=truecolor` or `24bit`).
  case halfBlocksTrueColor
  /// The kitty graphics protocol: the terminal answered its query.
  case kitty
  /// DEC sixel: the terminal listed attribute 4 in its DA1 answer.
  case sixel

  /// Whether the terminal draws real pixels (a larger photo is worth fetching).
  public var drawsPixels: Bool { self == .kitty || self == .sixel }

  /// The Graph photo size to fetch (`/photos/{side}x{side}`): the smallest listed size that fills
  /// `PhotoLayout.box` — 16 half-block columns are 16×16 pixels, so 48; kitty and sixel draw
  /// about 10×20 pixels a cell, 160 pixels across, so 240.
  public var requestSide: Int { drawsPixels ? 240 : 48 }

  /// What the environment alone allows before the terminal is asked: off for `NO_COLOR`,
  /// `TERM=vt100…`, `linux` or `dumb`, the setting off, or fewer than 256 colours; else
  /// half-blocks, 24-bit when `COLORTERM` says so. The kitty/sixel answers can only upgrade this.
  public static func fromEnvironment(_ environment: [String: String], enabled: Bool, colors: Int) -> PhotoMode {
    guard enabled else { return .off }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .off }
    let term = (environment["TERM"] ?? "").lowercased()
    if term.isEmpty || term == "dumb" || term == "linux" || term.hasPrefix("vt") { return .off }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .halfBlocksTrueColor }
    return colors >= 256 ? .halfBlocks256 : .off
  }
}

/// Where the photo sits in the detail pane: the top-right corner of the body, 16×8 cells (square
/// on a terminal whose cells are twice as tall as wide), when the pane is wide and tall enough to
/// keep its text readable beside it.
public enum PhotoLayout {
  public static let cols = 16
  public static let rows = 8
  /// The pane needs this many columns of text beside the photo: the label column and a typical
  /// mail address unbroken (with 30, a 50-column terminal wrapped every address over three lines).
  public static let minimumTextCols = 40

  /// The photo's cells inside a pane body of `bodyCols`×`bodyRows`, nil when it does not fit.
  public static func fits(bodyCols: Int, bodyRows: Int) -> Bool {
    bodyCols >= cols + 1 + minimumTextCols && bodyRows >= rows + 2
  }
}
