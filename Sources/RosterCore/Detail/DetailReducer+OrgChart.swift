import Foundation

/// Walking the org chart in the detail pane: a row selection over the managers above and the
/// direct reports, Enter opens that person (the trail grows: the breadcrumb), Backspace goes
/// back along the trail. The list's selection is the walk's root; moving it starts afresh.
extension DetailReducer {
  static func reduceOrgChart(_ state: inout AppState, _ action: DetailAction) -> [Effect] {
    switch action {
    case .orgRowMoved(let delta):
      guard var pane = state.detail.pane.personPane, !pane.orgRows.isEmpty else { return [] }
      pane.orgRowIndex = min(max(0, pane.orgRowIndex + delta), pane.orgRows.count - 1)
      state.detail.pane = .person(pane)
      return []
    case .orgRowOpened:
      guard let row = state.detail.pane.personPane?.selectedOrgRow else { return [] }
      return walk(&state, to: row.subject)
    case .wentBack:
      guard state.detail.trail.count > 1 else { return [] }
      let leaving = state.detail.trail.removeLast()
      let previous = state.detail.trail[state.detail.trail.count - 1]
      if state.detail.trail.count == 1 { state.detail.trail = [] }
      return open(&state, previous, returningTo: leaving.id)
    case .vCardRequested:
      guard let full = state.detail.pane.personPane?.person else { return [] }
      // The photo at 240×240 (Graph's usual upload size) for the card's PHOTO, when there is one.
      let photo = PhotoRequest(tenant: state.account?.tenantId.string ?? "", personID: full.id, side: 240)
      return [.exportVCard(full, photo: photo)]
    case .vCardExported(.success(let path)):
      // The file name first: a narrow status line cuts the folder, never the name (a second `v`
      // writes "zoe.lee-2.vcf", and that is what a person needs to see).
      let file = URL(fileURLWithPath: path)
      state.showBanner("Saved \(file.lastPathComponent) in \(file.deletingLastPathComponent().path)")
      return []
    case .vCardExported(.failure(let failure)):
      state.showBanner("Could not save the vCard: \(failure.message)", kind: .error)
      return []
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

  /// Enter on a row of the pane (a manager, a report, a group the person is in, a member of the
  /// group shown): `subject` opens and the walk grows by it.
  static func walk(_ state: inout AppState, to subject: PaneSubject) -> [Effect] {
    guard let shown = state.detail.subject else { return [] }
    if state.detail.trail.isEmpty { state.detail.trail = [shown] }
    state.detail.trail.append(subject)
    return open(&state, subject, returningTo: nil)
  }

  /// Shows `subject` in the pane now, through its kind (`ListedKind.open`): a person (below), a
  /// group (`GroupPaneReducer.open`), a room (`RoomListing.show`).
  static func open(_ state: inout AppState, _ subject: PaneSubject, returningTo: String?) -> [Effect] {
    subject.kind.listed.open(&state, subject, returningTo: returningTo)
  }

  /// Shows `person` in the pane now (the person asked for them): from the cache, else loading
  /// at once. The list's selection is left alone.
  static func open(_ state: inout AppState, _ person: Person, returningTo: String?) -> [Effect] {
    state.detail.requestID += 1
    let memberOf = state.detail.memberOfCache.value(for: person.id, now: state.now)
    let cancels: [Effect] = [.cancel(id: .detailDebounce), .cancel(id: .detail)]
    if let cached = state.detail.cache.value(for: person.id, now: state.now) {
      state.detail.pane = .person(
        PersonPane(.loaded(cached), memberOf: memberOf, returningTo: returningTo, rested: true))
      placeOrgRowSelection(&state)
      return cancels
    }
    state.detail.pane = .person(
      PersonPane(.loading(person), memberOf: memberOf, returningTo: returningTo, rested: true))
    return [.cancel(id: .detailDebounce), fetch(state, person)]
  }

  /// Puts the row selection where a person arriving in the pane expects it: on the person just
  /// left when going back, else on the first direct report (or the immediate manager).
  static func placeOrgRowSelection(_ state: inout AppState) {
    guard var pane = state.detail.pane.personPane, case .loaded(let detail) = pane.status else { return }
    let rows = pane.orgRows
    if let returning = pane.returningTo, let index = rows.firstIndex(where: { $0.subject.id == returning }) {
      pane.orgRowIndex = index
    } else {
      pane.orgRowIndex = detail.defaultOrgRowIndex ?? 0
    }
    pane.returningTo = nil
    state.detail.pane = .person(pane)
  }
}
