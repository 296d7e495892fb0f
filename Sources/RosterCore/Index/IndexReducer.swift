import Foundation

/// Keeps the index attached to the signed-in account and fresh: a sync at sign-in, then one
/// every `syncInterval` while the UI runs; says a problem once, and falls back to Graph.
enum IndexReducer {
  /// Delta rounds while the UI runs: cheap (one request when nothing changed), frequent enough
  /// that a leaver disappears within minutes.
  static let syncInterval: Duration = .seconds(180)
  /// After a failure (throttled beyond the retries, a service error), try again sooner.
  static let retryInterval: Duration = .seconds(30)
  /// After the index could not be opened, the next try.
  static let reopenInterval: Duration = .seconds(10)

  static func reduce(_ state: inout AppState, _ action: IndexAction) -> [Effect] {
    switch action {
    case .attached(let summary):
      guard state.account != nil else { return [] }
      state.index.attached = summary != nil
      state.index.summary = summary
      // Not opened (another process holds the file locked through a long `VACUUM`, a disk
      // hiccup): Graph answers meanwhile and the open is tried again, rather than going without
      // the index for the rest of the run (issue 28 item 6).
      guard let summary else { return [next(reopenInterval)] }
      let values: [Effect] = summary.complete ? [.index(.readFilterValues)] : []
      guard let repaired = summary.repaired else { return startSync(&state) + values }
      state.showBanner(CleanText(repaired), kind: .error)
      return startSync(&state) + values
    case .syncProgressed(let indexed, let estimate):
      guard state.index.attached else { return [] }
      state.index.progress = IndexState.Progress(indexed: indexed, estimate: estimate)
      return []
    case .syncFinished(let result):
      guard state.index.attached else { return [] }
      state.index.progress = nil
      state.index.isSyncing = false
      let unreachableMeanwhile = state.index.unreachableDuringSync
      state.index.unreachableDuringSync = false
      switch result {
      case .synced(let summary) where unreachableMeanwhile && state.index.offline:
        // Its answers may all predate the read that failed: the mark stays and the probe comes
        // soon, rather than "synced just now" with Graph gone until the next round.
        state.index.summary = summary
        state.index.syncsFinished += 1
        return [next(Tuning.offlineRetryInterval)] + (summary.complete ? [.index(.readFilterValues)] : [])
      case .synced(let summary):
        state.index.summary = summary
        state.index.syncsFinished += 1
        let back = backOnline(&state)
        // Every kind's list follows the sync (`DerivedEvent.indexSynced`): a leaver goes, a new
        // name appears, without a key.
        return [next(syncInterval)] + (summary.complete ? [.index(.readFilterValues)] : []) + back
      case .busy:
        return [next(syncInterval)]
      case .permissionDenied(let message):
        // Said once; the live path goes on as before.
        state.index.attached = false
        if state.index.toldProblem == nil {
          state.index.toldProblem = message
          let text: CleanText = "No local index: \(message) Searching Microsoft Graph instead."
          state.showBanner(text, kind: .error)
          return []
        }
        return []
      case .failed(.cancelled):
        return []
      case .failed(.offline):
        state.index.offline = true
        return [next(Tuning.offlineRetryInterval)]
      case .failed(.signInRequired(let failure)):
        // The refresh token was refused (revoked, expired, signed out elsewhere), most often
        // found by this sync after a time offline: the sign-in screen, not "offline" for ever.
        state.index.offline = false
        return SessionEnd.signInRequired(&state, failure)
      case .damaged(let message):
        return damaged(&state, message)
      case .failed:
        return [next(retryInterval)]
      }
    case .damaged(let message):
      return damaged(&state, message)
    case .filterValuesRead(let values):
      guard state.index.attached else { return [] }
      state.index.filterValues = values
      return []
    case .syncDue:
      guard let account = state.account else { return [] }
      guard state.index.attached else { return state.settings.index ? [.index(.attach(account))] : [] }
      return startSync(&state)
    }
  }

  /// A sync round, unless one is under way.
  static func startSync(_ state: inout AppState) -> [Effect] {
    guard !state.index.isSyncing else { return [] }
    state.index.isSyncing = true
    return [.index(.sync)]
  }

  private static func next(_ delay: Duration) -> Effect {
    .debounce(id: .indexTimer, after: delay, then: .index(.syncDue))
  }

  /// At sign-in: open the account's index (its answer starts the first sync).
  static func sessionStarted(_ state: inout AppState) -> [Effect] {
    state.index = IndexState()
    guard let account = state.account, state.settings.index else { return [] }
    return [.index(.attach(account))]
  }
}
