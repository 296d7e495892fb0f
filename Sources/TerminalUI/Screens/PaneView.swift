import RosterCore

/// One kind of subject's view in the detail pane: its keys and its lines. `DetailViewController`
/// is the container (title, scrolling, photo, links); each view is small and knows one kind, so a
/// new kind of pane is a view and a line in `PaneState.view` below.
@MainActor
protocol PaneView {
  /// The keys that work on this subject now (shared rows — the way back, scrolling — are the
  /// controller's functions).
  func keyTable(_ controller: DetailViewController, in state: AppState) -> KeyTable
  /// The subject's lines, the selected ones, and what the container draws beside them.
  func body(_ controller: DetailViewController, _ state: AppState, focused: Bool) -> PaneBody
}

/// What a pane view gives its container to draw.
struct PaneBody {
  var lines: [StyledLine]
  /// The selected lines (an org-chart or member row), brought into view when asked.
  var selected: ClosedRange<Int>?
  /// The first line of the field the selection belongs to, kept in view with it.
  var anchor: Int?
  /// The photo's columns beside the fields (0: none).
  var photoCols = 0
  /// The links row's targets (OSC 8), when it is drawn.
  var links: [(col: Int, text: String, url: String)] = []
}

extension PaneState {
  /// The view for what the pane shows: the one place the pane's kinds meet in the terminal UI.
  @MainActor var view: any PaneView {
    switch self {
    case .group(let pane): return GroupPaneView(pane: pane)
    case .room(let room): return RoomPaneView(room: room)
    case .item(let pane): return ItemPaneView(pane: pane)
    case .person(let pane): return PersonPaneView(pane: pane)
    case .empty, .following: return PersonPaneView(pane: nil)
    }
  }
}

/// A group's pane: its facts and members, the selected member always in view with the keyboard.
struct GroupPaneView: PaneView {
  var pane: GroupPaneState

  func keyTable(_ controller: DetailViewController, in state: AppState) -> KeyTable {
    controller.groupKeyTable(pane, in: state)
  }

  func body(_ controller: DetailViewController, _ state: AppState, focused: Bool) -> PaneBody {
    let shown = state.groupLines(pane, width: controller.frame.cols - 2, focused: focused)
    if focused { controller.revealsSelection = true }
    return PaneBody(lines: shown.0, selected: shown.1, anchor: shown.2)
  }
}

/// A room's pane: everything Graph says of the room; nothing to select.
struct RoomPaneView: PaneView {
  var room: Room

  func keyTable(_ controller: DetailViewController, in state: AppState) -> KeyTable {
    controller.roomKeyTable(room, in: state)
  }

  func body(_ controller: DetailViewController, _ state: AppState, focused: Bool) -> PaneBody {
    PaneBody(lines: state.roomLines(room, width: controller.frame.cols - 2))
  }
}

/// How a kind of row reads in the list and the pane's title: each kind's presentation file
/// (`PersonPresentation`, `GroupPresentation`, `RoomPresentation`) conforms its model.
protocol RowPresentable {
  /// The name column: a person's name, a group's or room's glyph and name.
  var listName: String { get }
  /// The address column: a person's mail, the word saying what a group or room is, then its mail.
  var listAddress: String { get }
  /// The glyph coloured before the name; nil for people (their presence stands there).
  static var kindGlyph: String? { get }
}

/// How a kind other than people reads as a whole in the list: what its block says when Ctrl-G
/// lists it alone and it lists nothing (people's own messages are the list's).
protocol KindPresentable {
  static func emptyListLines(_ state: AppState) -> [String]
}

/// How a member, owner or search row reads in a group's pane.
protocol MemberRowPresentable {
  /// " • Ivan Petrov · Engineer", " ⊞ SRE On-Call · group · team", " ◌ device 3f2a…".
  var memberRowText: String { get }
}

extension ListRow {
  var kind: ObjectKind { rowID.kind }

  /// The row's texts, from its kind's presentation file.
  private var presented: (any RowPresentable)? { item as? any RowPresentable }

  var listName: String { presented?.listName ?? id }
  var listAddress: String { presented?.listAddress ?? "" }
  var kindGlyph: String? { presented.flatMap { type(of: $0).kindGlyph } }
}

extension DirectoryObject {
  /// Whether Enter opens the row (a person or a group).
  var isOpenable: Bool { PaneSubject(self) != nil }

  /// The row's text in a member list, from its kind's presentation.
  var rowText: String { (described as? any MemberRowPresentable)?.memberRowText ?? " ◌ " + id }
}
