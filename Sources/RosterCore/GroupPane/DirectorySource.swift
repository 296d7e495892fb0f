/// Where a read of any kind is answered from: Microsoft Graph, or the local index while Graph
/// cannot be reached (the pane then says the answer is as fresh as the last sync).
public enum DirectorySource: Equatable, Sendable, Hashable {
  case graph
  case index
}

extension AppState {
  /// The index while the last sync found Graph unreachable (every live read would wait out its
  /// retries first), else Graph: one rule for a person's pane, groups and rooms.
  var directorySource: DirectorySource {
    index.attached && index.offline ? .index : .graph
  }

  /// A new id for a read that does not change the pane's subject.
  mutating func nextPartRequest() -> Int {
    detail.partRequestID += 1
    return detail.partRequestID
  }
}
