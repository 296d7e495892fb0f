import CNCurses
import RosterCore
import TerminalUI

/// Writes kitty, sixel and 24-bit half-block photos around ncurses' update, which knows nothing
/// of them.
///
/// ncurses owns the screen, so the photo is written after `doupdate`, with the cursor saved and
/// restored (`TerminalGraphics`), over cells ncurses holds as blanks (kitty, sixel) or as the
/// 256-colour half-blocks of the same photo (24-bit). ncurses only writes cells whose content
/// changed, so an unchanged photo survives any number of frames and is written once. When the
/// placement changes or goes, the old one is taken away before the update: kitty by deleting the
/// image; sixel and 24-bit by telling ncurses the lines are garbled (`wredrawln`), so it rewrites
/// them from its own copy. After a full repaint or a resize everything is written again.
@MainActor
final class GraphicsOverlay {
  private var shown: GraphicsPlacement?
  private var invalid = false
  /// The terminal's cell size in pixels, when it said (sizes sixel images).
  var cellPixels: (width: Int, height: Int)?

  /// The terminal was cleared or resized: what was shown is gone, draw it again.
  func invalidate() { invalid = true }

  /// Before `doupdate`: takes away a placement this frame no longer has; returns bytes to write
  /// first (a kitty delete).
  func prepare(_ surface: CursesSurface) -> String {
    guard let old = shown, surface.placement != old || invalid else { return "" }
    shown = nil
    if old.mode == .kitty { return TerminalGraphics.kittyDelete }
    if !invalid { _ = cnc_redraw_lines(surface.window, Int32(old.rect.row), Int32(old.rect.rows)) }
    return ""
  }

  /// After `doupdate`: the bytes that draw this frame's placement, empty when it is on screen
  /// already.
  func draw(_ surface: CursesSurface) -> String {
    invalid = false
    guard let placement = surface.placement, shown == nil else { return "" }
    shown = placement
    switch placement.mode {
    case .kitty: return TerminalGraphics.kitty(placement.image, at: placement.rect)
    case .sixel: return TerminalGraphics.sixel(placement.image, at: placement.rect, cellPixels: cellPixels)
    case .halfBlocksTrueColor: return TerminalGraphics.trueColorHalfBlocks(placement.image, at: placement.rect)
    case .off, .halfBlocks256: return ""
    }
  }

  /// Leaving the screen (quit, Ctrl-Z): a kitty image would otherwise outlive the UI.
  func remove() -> String {
    defer { shown = nil }
    return shown?.mode == .kitty ? TerminalGraphics.kittyDelete : ""
  }
}
