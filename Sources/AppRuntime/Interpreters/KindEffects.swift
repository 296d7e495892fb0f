import RosterCore

/// Every `SearchedKind`'s effects (devices, apps): its Graph search and pages, and its pane's
/// one read — from Graph, or from the index when the effect says so or Graph cannot be reached.
/// The kind's own client (`Services.kinds`) builds its answers; this names no kind.
struct KindEffects: EffectInterpreter {
  let kind: ObjectKind
  let client: KindClient?
  let index: LocalIndexClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    let unavailable = DirectoryError.offline("\(kind.plural.capitalized) are not available in this session.")
    switch effect {
    case .searchGraph(let query, let requestID):
      guard let client else { return now(.search(.answered(id: requestID, .failed(kind, unavailable))), feedback) }
      jobs.startCall(.kindSearch(kind), feedback) { report in
        .search(
          .answered(
            id: requestID,
            await client.search(query) { report(.search(.retryScheduled(id: requestID, $0, kind: query.kind))) }))
      }
    case .fetchPage(_, let cursor, let requestID):
      guard let client else { return now(.search(.pageAnswered(id: requestID, .failed(kind, unavailable))), feedback) }
      jobs.startCall(.kindPage(kind), feedback) { _ in
        .search(.pageAnswered(id: requestID, await client.nextPage(cursor)))
      }
    case .loadPane(let request, let requestID):
      let offline = index.kinds[kind]
      jobs.startCall(.detail, feedback) { _ in
        guard request.source == .graph, let client else {
          return .itemPane(.loaded(id: requestID, offline?.detail(request.id) ?? .failed(kind, unavailable)))
        }
        let detail = await client.detail(request.id)
        // Graph cannot be reached: the index's copy, when it keeps the row, says what it knew.
        if case .offline = detail.failure, let offline {
          let kept = offline.detail(request.id)
          if kept.failure == nil { return .itemPane(.loaded(id: requestID, kept)) }
        }
        return .itemPane(.loaded(id: requestID, detail))
      }
    default:
      notMine(effect, feedback)
    }
  }

  /// Answers at once (no client to ask).
  private func now(_ action: AppAction, _ feedback: EffectFeedback) {
    feedback.send(action)
    feedback.finish()
  }
}
