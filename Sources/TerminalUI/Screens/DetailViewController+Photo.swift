import Geometry
import RosterCore

/// The photo's place in the detail pane (PhotoLayout): a fixed box in the top-right corner, left
/// of the scroll-arrow column. The text column is narrowed whenever a photo *can* be drawn there
/// (photos on, a person shown, room enough), not when one arrives, so the text never reflows.
extension DetailViewController {
  /// The photo's cells, nil when the pane has no photo column: also once the person is known to
  /// have no photo (or it cannot be had), so their addresses are not wrapped at `@` to keep room
  /// for a face that will not come (issue 28 item 8). The text reflows once, when that is learnt.
  func photoBox(_ state: AppState) -> Rect? {
    guard state.photo.mode != .off, let person = state.detail.status.person,
      PhotoLayout.fits(bodyCols: frame.cols - 1, bodyRows: frame.rows - 1),
      !state.photo.isKnownMissing(for: person.id)
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

extension PhotoState {
  /// Whether `personID`'s photo has been asked for and there is none to draw.
  func isKnownMissing(for personID: String) -> Bool {
    guard self.personID == personID else { return false }
    switch status {
    case .absent, .unavailable: return true
    case .none, .loading, .loaded: return false
    }
  }
}
