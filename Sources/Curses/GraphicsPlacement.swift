import Geometry
import RosterCore
import TerminalUI

/// A photo the terminal's own graphics draw over a rectangle of cells this frame.
struct GraphicsPlacement: Equatable {
  var image: PhotoImage
  var mode: PhotoMode
  var rect: Rect
}
