/// Delta pages fetched (and decoded) ahead of the writer: each request goes out as soon as the
/// previous page's `@odata.nextLink` is known, not when the writer asks for the page, so a round
/// takes max(network, writing) a page instead of whichever is slower page by page. At most
/// `depth` pages wait decoded (~1 MB each), so memory stays flat however large the directory.
///
/// The chain stops at the last page (no next link), at the first error (handed to the writer in
/// its turn: pages before it are written first, so nothing fetched is lost), or when cancelled.
/// Resuming is unchanged: only what the writer committed counts.
final class PageRunAhead<Page: Sendable>: Sendable {
  static var depth: Int { 2 }

  private let queue: PageQueue<Page>
  private let producer: Task<Void, Never>

  /// `depth`: pages that may wait decoded (`Self.depth` when nil).
  init(
    from link: String?, depth: Int? = nil, fetch: @escaping @Sendable (String?) async throws -> Page,
    nextLink: @escaping @Sendable (Page) -> String?
  ) {
    let queue = PageQueue<Page>(depth: max(1, depth ?? Self.depth))
    self.queue = queue
    producer = Task {
      var link = link
      while true {
        let result: Result<Page, any Error>
        do { result = .success(try await fetch(link)) } catch { result = .failure(error) }
        let next = (try? result.get()).flatMap(nextLink)
        guard await queue.put(result), let next else { return }
        link = next
      }
    }
  }

  /// The next page in order; rethrows the error that ended the chain, in its place.
  func next() async throws -> Page {
    try Task.checkCancellation()
    return try await withTaskCancellationHandler {
      try await queue.take().get()
    } onCancel: {
      cancel()
    }
  }

  /// Stops fetching (the writer is done or gave up); a page in flight is abandoned.
  func cancel() {
    producer.cancel()
    Task { [queue] in await queue.close() }
  }
}

/// The hand-over between the fetching task and the writer: a queue of at most `depth` results.
private actor PageQueue<Page: Sendable> {
  private let depth: Int
  private var results: [Result<Page, any Error>] = []
  private var reader: CheckedContinuation<Result<Page, any Error>, Never>?
  private var writer: CheckedContinuation<Void, Never>?
  private var closed = false

  init(depth: Int) { self.depth = depth }

  /// Hands `result` over, waiting while `depth` results already wait; false once closed.
  func put(_ result: Result<Page, any Error>) async -> Bool {
    guard !closed else { return false }
    if let reader {
      self.reader = nil
      reader.resume(returning: result)
      return true
    }
    results.append(result)
    while results.count >= depth, !closed {
      await withCheckedContinuation { writer = $0 }
    }
    return !closed
  }

  func take() async -> Result<Page, any Error> {
    if closed { return .failure(CancellationError()) }
    if !results.isEmpty {
      let first = results.removeFirst()
      resumeWriter()
      return first
    }
    return await withCheckedContinuation { reader = $0 }
  }

  /// Pages not taken are dropped: whoever closes the queue wants no more.
  func close() {
    closed = true
    results.removeAll()
    resumeWriter()
    reader?.resume(returning: .failure(CancellationError()))
    reader = nil
  }

  private func resumeWriter() {
    writer?.resume()
    writer = nil
  }
}
