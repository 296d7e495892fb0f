import CNCurses
import Foundation
import TerminalUI

/// Owns the terminal while the UI runs: locale, ncurses modes, bracketed paste and mouse
/// reporting, and — above all — putting everything back on every way out.
///
/// Ways out and how each restores the terminal: `q`/Ctrl-C (`restore()` then exit), SIGTERM and
/// SIGHUP (signal sources on the main queue call `restore()`), Ctrl-Z (`suspend()`: restore, stop,
/// and `resume()` on SIGCONT), fatal signals (a C handler restores the saved termios and resets
/// the modes with raw writes, then re-raises), and `fatalError` in Swift (SIGILL/SIGTRAP, same
/// handler).
@MainActor
public final class TerminalSession {
  /// Bracketed paste on, SGR mouse reporting (clicks and wheel) on.
  static let enableModes = "\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h"
  static let disableModes = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l"

  public let surface: CursesSurface
  private var isActive = true
  /// Kitty, sixel and 24-bit photos, written around ncurses' update.
  let graphics = GraphicsOverlay()
  /// OSC 8 hyperlinks, written after ncurses' update like the photos.
  let links = HyperlinkOverlay()

  /// Starts the full-screen UI. Call `TerminalCheck.problem` first.
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    Self.chooseUTF8Locale()
    cnc_save_terminal(STDIN_FILENO)
    cnc_install_fatal_handlers()
    let window = initscr()!
    // ncurses 6 flushes its output at every cursor move until the screen has been refreshed once
    // after an `endwin` (it treats the session as not yet running), so a frame left as one write
    // per changed line: over SSH, several packets with their headers instead of one. Leaving and
    // re-entering once, before anything is drawn, makes each frame a single write.
    endwin()
    refresh()
    raw()  // Ctrl-C, Ctrl-Z, Ctrl-S arrive as keys; the app decides what they do.
    noecho()
    nonl()
    intrflush(window, false)
    keypad(window, false)  // Roster decodes escape sequences itself (KeyDecoder).
    curs_set(0)
    set_escdelay(25)
    let usesColor = CursesColors.start(environment: environment)
    surface = CursesSurface(window: window, usesColor: usesColor)
    surface.writesLinks = HyperlinkSupport.isEnabled(environment: environment)
    Self.writeRaw(Self.enableModes)
  }

  /// Leaves the full-screen UI and restores the terminal modes; safe to call twice.
  public func restore() {
    guard isActive else { return }
    isActive = false
    Self.writeRaw(graphics.remove() + Self.disableModes)
    curs_set(1)
    endwin()
  }

  /// Ctrl-Z: give the terminal back and stop; `resume()` runs when the shell continues us.
  public func suspend() {
    Self.writeRaw(graphics.remove() + Self.disableModes)
    curs_set(1)
    endwin()
    kill(getpid(), SIGSTOP)
  }

  /// After SIGCONT (`fg`): take the terminal again and redraw everything.
  public func resume() {
    guard isActive else { return }
    resize()
    raw()
    noecho()
    curs_set(0)
    Self.writeRaw(Self.enableModes)
    clearok(surface.window, true)
    graphics.invalidate()
    links.invalidate()
  }

  /// Reads the real size from the kernel and tells ncurses. libdispatch owns SIGWINCH, so
  /// ncurses never learns of a resize by itself (STYLE "Verified on Linux" §6).
  @discardableResult
  public func resize() -> (rows: Int, cols: Int) {
    var rows: Int32 = 0
    var cols: Int32 = 0
    if cnc_window_size(STDOUT_FILENO, &rows, &cols) == 0 {
      resizeterm(rows, cols)
      graphics.invalidate()
      links.invalidate()
    }
    return (surface.rows, surface.cols)
  }

  /// Ctrl-L: forget what ncurses believes is on screen so the next update repaints all.
  public func forceFullRepaint() {
    clearok(surface.window, true)
    graphics.invalidate()
    links.invalidate()
  }

  /// Starts a frame: clears ncurses' copy of the screen (only changed cells are sent later).
  public func beginFrame() {
    werase(surface.window)
    surface.startFrame()
  }

  /// Ends a frame: one `doupdate` for everything drawn since `beginFrame`, leaving the terminal's
  /// cursor where the views placed it (the focused pane's selected row, or the search field).
  ///
  /// A screen reader or braille display reads where the cursor is (issue 44), so the cursor is
  /// never left where the last write ended and ncurses is never told `leaveok`: ncurses moves it
  /// to the window's cursor at the end of its update, and only when it is not there already, so a
  /// key that changes nothing writes nothing. The photo and link overlays save and restore it
  /// (DECSC/DECRC); after them one explicit move puts it back, so the frame's last bytes leave it
  /// on the selection even on a terminal whose restore is off (and a reader of the byte stream
  /// sees it last).
  public func endFrame() {
    let spot = surface.cursor ?? CellPosition(row: 0, col: 0)
    wmove(surface.window, Int32(spot.row), Int32(spot.col))
    wnoutrefresh(surface.window)
    let before = graphics.prepare(surface)
    if !before.isEmpty { Self.writeRaw(before) }
    links.prepare(surface)
    doupdate()
    let after = graphics.draw(surface) + links.draw(surface)
    if !after.isEmpty { Self.writeRaw(after + "\u{1B}[\(spot.row + 1);\(spot.col + 1)H") }
  }

  /// Asks the terminal which graphics it draws (`GraphicsProbe.query(environment:)`); the
  /// answers arrive as input.
  public func probeGraphics(_ query: String) {
    Self.writeRaw(query)
  }

  /// Puts back the title the kitty query was sent after (`GraphicsProbe.popTitle`).
  public func restoreTitle() {
    Self.writeRaw(GraphicsProbe.popTitle)
  }

  /// The terminal's cell size in pixels, from the probe (sizes sixel images).
  public func setCellPixels(_ size: (width: Int, height: Int)?) {
    graphics.cellPixels = size
  }

  /// Whether OSC 8 hyperlinks are written (`HyperlinkSupport`, read from the environment at start).
  public var writesHyperlinks: Bool { surface.writesLinks }

  /// How many colours ncurses found (0 without colour or under `NO_COLOR`).
  public var colors: Int { surface.usesColor ? Int(cnc_colors()) : 0 }

  /// Copies `text` to the clipboard of the terminal the person sits at (OSC 52; tmux and most
  /// terminal emulators pass it on, also over SSH).
  public func copyToClipboard(_ text: String) {
    Self.writeRaw(ClipboardSequence.osc52(text))
  }

  /// Writes control sequences straight to the terminal, outside ncurses' screen model.
  static func writeRaw(_ text: String) {
    fflush(nil)
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 { break }
        offset += written
      }
    }
  }

  /// `setlocale(LC_ALL, "")`, and if that locale is not UTF-8, `C.UTF-8` for character handling,
  /// so names in any script draw correctly whatever LANG says.
  nonisolated static func chooseUTF8Locale() {
    setlocale(LC_ALL, "")
    if cnc_locale_is_utf8() == 0 {
      if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }
  }
}
