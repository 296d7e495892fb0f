import Geometry

/// Where each pane goes for a terminal size (DESIGN.md §2), decided in this one place:
/// - below 40×12: nothing but a "terminal too small" message;
/// - from 100 columns: list and detail side by side, split by what each holds (`listCols`);
/// - from 60 columns: list above detail (stacked);
/// - below 60 columns: one pane at a time (Enter opens the detail, Esc returns).
/// The bottom two rows are the status line and the key-hint bar.
///
/// A pure function of the terminal size: `AppState.layout` keeps it (recomputed when
/// `.app(.terminalResized)` changes `AppState.terminal`), so the reducer (page size, single-pane
/// rules), the view-controllers (frames, page keys) and mouse hit-testing read the same numbers,
/// and nothing depends on the last frame drawn (issue 10, docs/decisions/ui-terminal.md#ui--keys-and-layout).
public struct Layout: Equatable, Sendable {
  public enum Mode: Equatable, Sendable { case tooSmall, sideBySide, stacked, singlePane }

  public static let minimumRows = 12
  public static let minimumCols = 40
  public static let sideBySideFromCols = 100
  public static let stackedFromCols = 60

  public var mode: Mode
  /// The list's rectangle; in single-pane mode the whole body, and `.zero` while the detail
  /// covers it (`showing(detail:)`).
  public var list: Rect
  /// The detail pane's rectangle; in single-pane mode the whole body, and `.zero` while the list
  /// is shown (`showing(detail:)`).
  public var detail: Rect
  /// The vertical or horizontal divider between the panes (empty in single-pane mode).
  public var divider: Rect
  public var statusLine: Rect
  public var hintBar: Rect
  public var screen: Rect
  /// Everything above the status line and the hint bar (the setup and sign-in screens use it).
  public var body: Rect

  /// The layout for a terminal of `size`, with the single-pane body given to both panes.
  public init(_ size: TerminalSize) {
    let (rows, cols) = (size.rows, size.cols)
    screen = Rect(row: 0, col: 0, rows: rows, cols: cols)
    guard rows >= Self.minimumRows, cols >= Self.minimumCols else {
      mode = .tooSmall
      (list, detail, divider, statusLine, hintBar, body) = (.zero, .zero, .zero, .zero, .zero, .zero)
      return
    }
    let bars: Rect
    (body, bars) = screen.splitBottom(2)
    statusLine = Rect(row: bars.row, col: 0, rows: 1, cols: cols)
    hintBar = Rect(row: bars.row + 1, col: 0, rows: 1, cols: cols)
    if cols >= Self.sideBySideFromCols {
      mode = .sideBySide
      let (left, rest) = body.splitLeft(Self.listCols(cols))
      let (line, right) = rest.splitLeft(1)
      (list, divider, detail) = (left, line, right)
    } else if cols >= Self.stackedFromCols {
      mode = .stacked
      let (top, rest) = body.splitTop(max(6, body.rows * 9 / 20))
      let (line, bottom) = rest.splitTop(1)
      (list, divider, detail) = (top, line, bottom)
    } else {
      mode = .singlePane
      (list, detail, divider) = (body, body, .zero)
    }
  }

  /// The pane's width side by side: its border column, a margin, the photo and the text column
  /// beside it that `PhotoLayout` asks for (label and a typical address), and a margin.
  public static let detailContentCols = 1 + 1 + PhotoLayout.cols + 1 + PhotoLayout.minimumTextCols + 1
  /// The list's width beyond which it has nothing more to show: a long name, its address, a job
  /// title and a presence word, each whole.
  public static let listContentCols = 100

  /// The list's columns side by side on a `cols`-wide terminal, sized by content (issue 40: at
  /// 120 columns the list had 48, cutting every address and its own header, beside a 71-column
  /// pane mostly blank): the pane gets what its fields and photo need and the list the rest, at
  /// least 2/5 of the width; past what a list row holds, the pane takes the rest. A function of
  /// the width alone, so the divider never moves while typing (every row repainted per key).
  public static func listCols(_ cols: Int) -> Int {
    min(max(cols * 2 / 5, cols - 1 - detailContentCols), max(cols * 2 / 5, listContentCols))
  }

  /// The layout for `rows`×`cols` with the single-pane detail open or not (tests, snapshots).
  public init(rows: Int, cols: Int, detailOpen: Bool) {
    self = Layout(TerminalSize(rows: rows, cols: cols)).showing(detail: detailOpen)
  }

  /// This layout with, in single-pane mode, only the list or only the detail pane visible.
  public func showing(detail detailOpen: Bool) -> Layout {
    guard mode == .singlePane else { return self }
    var copy = self
    if detailOpen { copy.list = .zero } else { copy.detail = .zero }
    return copy
  }

  /// Whether the terminal is too narrow for two panes (single-pane, or too small and narrower
  /// than 60 columns): Enter opens the detail over the list and Esc closes it, instead of moving
  /// the focus between panes.
  public var showsOnePaneAtATime: Bool { screen.cols < Self.stackedFromCols }

  /// Rows the result list shows under the search field and its status line.
  public var visibleListRows: Int { max(0, list.rows - 2) }

  /// How far PgUp/PgDn move the list selection: a screenful less one row of context.
  public var listPageStep: Int { max(1, max(1, visibleListRows) - 1) }

  /// Rows a search page asks for: about two screens of the list, within `Tuning.pageSizeRange`;
  /// nil when the terminal is too small to show the list (the last page size stays).
  public var searchPageSize: Int? {
    guard mode != .tooSmall else { return nil }
    let range = Tuning.pageSizeRange
    return min(max(max(1, visibleListRows) * 2, range.lowerBound), range.upperBound)
  }
}
