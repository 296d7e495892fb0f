import SearchRules

/// The local index's events.
public enum IndexAction: Equatable, Sendable {
  /// The index of the signed-in account was opened (nil: off, or it could not be opened).
  case attached(LocalIndexSummary?)
  /// A sync wrote `indexed` people so far (of about `estimate`).
  case syncProgressed(indexed: Int, estimate: Int?)
  case syncFinished(LocalSyncResult)
  /// A search found the index damaged, deleted or replaced (the message says which).
  case damaged(String)
  /// Time for the next delta round.
  case syncDue
  /// The values each filter property takes in the complete index, read in the background.
  case filterValuesRead([FilterProperty: [String]])
}
