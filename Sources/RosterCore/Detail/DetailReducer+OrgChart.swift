import Foundation

/// Walking the org chart in the detail pane: a row selection over the managers above and the
/// direct reports, Enter opens that person (the trail grows: the breadcrumb), Backspace goes
/// back along the trail. The list's selection is the walk's root; moving it starts afresh.
extension DetailReducer {
  static func reduceOrgChart(_ state: inout AppState, _ action: DetailAction) -> [Effect] {
    switch action {
    case .orgRowMoved(let delta):
      let rows = state.detail.orgRows
      guard !rows.isEmpty else { return [] }
      state.detail.orgRowIndex = min(max(0, state.detail.orgRowIndex + delta), rows.count - 1)
      return []
    case .orgRowOpened:
      guard let row = state.detail.selectedOrgRow, let shown = state.detail.status.person else { return [] }
      if state.detail.trail.isEmpty { state.detail.trail = [shown] }
      state.detail.trail.append(row.person)
      return open(&state, row.person, returningTo: nil)
    case .wentBack:
      guard state.detail.trail.count > 1 else { return [] }
      let leaving = state.detail.trail.removeLast()
      let previous = state.detail.trail[state.detail.trail.count - 1]
      if state.detail.trail.count == 1 { state.detail.trail = [] }
      return open(&state, previous, returningTo: leaving.id)
    case .vCardRequested:
      guard let person = state.detail.status.person else { return [] }
      let full: Person
      if case .loaded(let detail) = state.detail.status { full = detail.person } else { full = person }
      // The photo at 240×240 (Graph's usual upload size) for the card's PHOTO, when there is one.
      let photo = PhotoRequest(tenant: state.account?.tenantId.string ?? "", personID: full.id, side: 240)
      return [.exportVCard(full, photo: photo)]
    case .vCardExported(.success(let path)):
      // The file name first: a narrow status line cuts the folder, never the name (a second `v`
      // writes "zoe.lee-2.vcf", and that is what a person needs to see).
      let file = URL(fileURLWithPath: path)
      LifecycleReducer.showBanner(
        &state, "Saved \(file.lastPathComponent) in \(file.deletingLastPathComponent().path)")
      return LifecycleReducer.ticking(state)
    case .vCardExported(.failure(let failure)):
      LifecycleReducer.showBanner(&state, "Could not save the vCard: \(failure.message)", kind: .error)
      return LifecycleReducer.ticking(state)
    default:
      return []
    }
  }

  /// The keys leave the pane (Esc, Tab, closing it): a walk along the org chart ends and the pane
  /// shows the list's selected person again, so list and pane never disagree about who is
  /// selected (and Enter on the list opens that person, not the one last walked to).
  static func walkEnded(_ state: inout AppState) -> [Effect] {
    guard state.detail.trail.count > 1, let root = state.detail.trail.first else { return [] }
    state.detail.trail = []
    return open(&state, root, returningTo: nil)
  }

  /// Shows `person` in the pane now (the person asked for them): from the cache, else loading
  /// at once. The list's selection is left alone.
  private static func open(_ state: inout AppState, _ person: Person, returningTo: String?) -> [Effect] {
    state.detail.requestID += 1
    state.detail.retry = nil
    state.detail.returningTo = returningTo
    let cancels: [Effect] = [.cancel(id: .detailDebounce), .cancel(id: .detail)]
    if let cached = state.detail.cache.value(for: person.id, now: state.now) {
      state.detail.status = .loaded(cached)
      placeOrgRowSelection(&state)
      return cancels + PresenceReducer.settle(state)
    }
    state.detail.status = .loading(person)
    state.detail.orgRowIndex = 0
    return [.cancel(id: .detailDebounce), fetch(state, person)]
  }

  /// Puts the row selection where a person arriving in the pane expects it: on the person just
  /// left when going back, else on the first direct report (or the immediate manager).
  static func placeOrgRowSelection(_ state: inout AppState) {
    guard case .loaded(let detail) = state.detail.status else { return }
    let rows = detail.orgRows
    if let returning = state.detail.returningTo, let index = rows.firstIndex(where: { $0.person.id == returning }) {
      state.detail.orgRowIndex = index
    } else {
      state.detail.orgRowIndex = detail.defaultOrgRowIndex ?? 0
    }
    state.detail.returningTo = nil
  }
}
