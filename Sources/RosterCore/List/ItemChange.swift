/// One entry of a delta page of a kind whose objects have no members or manager (devices, apps):
/// the object as selected, or its id when it left the directory. One enum for every such kind,
/// so the index's tables (`ItemTable`) and sync round (`ItemSyncRound`) are written once.
public enum ItemChange<Item: Sendable & Equatable>: Sendable, Equatable {
  /// Added or changed: the whole object as `$select`ed.
  case upsert(Item)
  /// Removed from the directory (`@removed`, reason `changed` or `deleted`).
  case removed(String)
}
