/// The pane of a `SearchedKind`'s row (a device, an app): the row itself at once, then what one
/// read adds (a device's owners and users, an app's credentials and grants), and a selection
/// over the people and objects it names, which Enter walks to. One shape for every such kind, so
/// a new kind adds no case to the pane, the effects or the actions — only what it loads
/// (`PaneDetail`, its own type) and how that reads (its view in the terminal UI).
public struct ItemPane: Equatable, Sendable {
  /// The row the pane is about, as listed.
  public var item: AnyListedItem
  public var detail: ItemDetailStatus
  /// The selected row among `walkable`.
  public var rowIndex: Int

  public init(_ item: AnyListedItem, detail: ItemDetailStatus = .loading) {
    self.item = item
    self.detail = detail
    self.rowIndex = 0
  }

  /// What Enter can open from here, in the order the view lists it (`WalkableDetail`).
  public var walkable: [PaneSubject] {
    guard case .loaded(let detail) = detail else { return [] }
    return detail.value(as: (any WalkableDetail).self)?.walkable ?? []
  }

  /// The selected walkable row, when there is one.
  public var selectedRow: PaneSubject? {
    let rows = walkable
    return rows.indices.contains(rowIndex) ? rows[rowIndex] : nil
  }
}

/// How far the pane's one read has come.
public enum ItemDetailStatus: Equatable, Sendable {
  case loading
  /// The kind's own detail (`KindClient.detail`), read back by its view with `value(as:)`.
  case loaded(PaneDetail)
  /// Why it could not be read, in words; the row's own facts still show.
  case failed(CleanText)
}

/// A kind's loaded detail that names people or objects the pane can walk to (owners, users).
public protocol WalkableDetail {
  var walkable: [PaneSubject] { get }
}

extension Result: WalkableDetail where Success: WalkableDetail {
  /// A read that succeeded names what its detail names; a failed one, nothing.
  public var walkable: [PaneSubject] { (try? get())?.walkable ?? [] }
}

/// A kind's pane detail, carried with its kind (`KindClient.detail`, `KindIndexReader.detail`).
public enum PaneDetailRole {}
public typealias PaneDetail = KindPayload<PaneDetailRole>

/// What `.loadPane` asks for: one row's detail, from Graph or the index.
public struct PaneRequest: Equatable, Sendable {
  public var kind: ObjectKind
  public var id: String
  public var source: DirectorySource

  public init(_ kind: ObjectKind, id: String, source: DirectorySource) {
    self.kind = kind
    self.id = id
    self.source = source
  }
}

/// What happens in an item's pane.
public enum ItemPaneAction: Equatable, Sendable {
  /// The read for pane request `id` answered.
  case loaded(id: Int, PaneDetail)
  /// Up/Down over the walkable rows.
  case rowMoved(Int)
  /// Enter on the selected walkable row.
  case rowOpened
  /// `r` after a failed read.
  case retryRequested
}
