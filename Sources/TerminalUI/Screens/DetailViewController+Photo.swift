import Geometry
import RosterCore

/// The photo's place in the detail pane (PhotoLayout): a fixed box in the top-right corner, left
/// of the scroll-arrow column. The text column is narrowed whenever a photo *can* be drawn there
/// (photos on, a person shown, room enough), not when one arrives, so the text never reflows.
extension DetailViewController {
  /// The photo's cells, nil when the pane has no photo column.
  func photoBox(_ state: AppState) -> Rect? {
    guard state.photo.mode != .off, state.detail.status.person != nil,
      PhotoLayout.fits(bodyCols: frame.cols - 1, bodyRows: frame.rows - 1)
    else { return nil }
    return Rect(
      row: frame.row + 2, col: frame.maxCol - 1 - PhotoLayout.cols, rows: PhotoLayout.rows, cols: PhotoLayout.cols)
  }

  /// Columns the text gives up to the photo (the box and a blank before it).
  func photoColumns(_ state: AppState) -> Int {
    photoBox(state) == nil ? 0 : PhotoLayout.cols + 1
  }

  /// Draws the person's photo into its box, if it is there to draw.
  func renderPhoto(_ state: AppState, into surface: inout some Surface) {
    guard let box = photoBox(state), state.photo.personID == state.detail.status.person?.id,
      case .loaded(let image) = state.photo.status
    else { return }
    PhotoView.render(image, mode: state.photo.mode, in: box, into: &surface)
  }
}
