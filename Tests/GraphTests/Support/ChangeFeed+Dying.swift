import RosterCore

extension ChangeFeed {
  /// This feed for its first `pages` pages, then offline with `reason`: a process killed, or a
  /// cable pulled, part-way through a round.
  func dying(after pages: Int, _ reason: String = "killed") -> ChangeFeed {
    let fetched = LockedCounter()
    return ChangeFeed { link, onRetry in
      guard fetched.increment() <= pages else { throw DirectoryError.offline(reason) }
      return try await fetch(link, onRetry)
    }
  }
}
