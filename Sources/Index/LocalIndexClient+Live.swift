import AppRuntime
import Foundation
import RosterCore

extension LocalIndexClient {
  /// The index under `$XDG_CACHE_HOME/roster/` of whichever account signs in, synced from
  /// `feed`. Opening repairs a damaged file (moved aside; `report` is told). `directory`, when
  /// given, replaces the cache directory (the demo keeps its index in its own). `rooms`, when
  /// given, refreshes the stored rooms once a day by `now` (every sync would read the whole
  /// list again: places have no delta).
  public static func live(
    environment: [String: String], directory: URL? = nil, feed: DeltaFeed,
    estimate: @escaping @Sendable () async -> Int?,
    report: @escaping @Sendable (String) -> Void = { _ in },
    groupFeed: GroupDeltaFeed? = nil, rooms: RoomClient? = nil, now: @escaping @Sendable () -> Date = { Date() },
    catchUpAfterFull: Bool = false, kinds: [any KindSyncRound] = []
  ) -> LocalIndexClient {
    let attached = LockedValue<DirectoryIndex?>(nil)
    let groupMode = LockedValue<GroupSyncMode>(.off)
    // The signed-in person's object id (`oid` of `oid.tid`): "my groups" offline.
    let me = LockedValue<String?>(nil)
    /// A read of the attached index; `otherwise` without one, or when the read fails. A failure
    /// is kept (`noteFailure`): `damage` then tells the UI, which asks Graph instead of saying
    /// "No one matches".
    @Sendable func reading<Value>(_ otherwise: Value, _ read: (DirectoryIndex) throws -> Value) -> Value {
      guard let index = attached.current else { return otherwise }
      do { return try read(index) } catch {
        index.noteFailure(error)
        return otherwise
      }
    }
    @Sendable func searchOrRefuse(_ text: String, _ limit: Int) throws(IndexRefusal) -> [Person] {
      guard let index = attached.current else { return [] }
      do { return try index.search(text, limit: limit) } catch let refusal as IndexRefusal {
        throw refusal
      } catch {
        index.noteFailure(error)
        return []
      }
    }
    return LocalIndexClient(
      attach: { account in
        let location = IndexLocation(account: account, environment: environment, directory: directory)
        let repaired = LockedValue<String?>(nil)
        // Opened again after a damage (`damage`): the old index is retired (never used again,
        // never closed under a reader) and the bad file set aside.
        if let old = attached.current, let damage = old.damage() {
          attached.withLock { $0 = nil }
          old.retire()
          if let aside = DirectoryIndex.setAside(old.location, after: damage) {
            let message = "Local index damaged: rebuilding it from the directory; the damaged file is kept as \(aside)."
            report(message)
            repaired.withLock { $0 = message }
          }
        }
        let opened = try? DirectoryIndex.open(location) { message in
          report(message)
          repaired.withLock { $0 = message }
        }
        // Nothing the token may no longer read is answered: not in the pane, not in a search.
        guard let index = opened, (try? index.conform(to: ProfileGrant(account))) != nil else { return nil }
        // Groups only with a token that may read them; without, the index keeps none.
        let mode = GroupSyncMode(account: account, feed: groupFeed)
        try? index.conformGroups(to: account)
        try? index.conformKinds(to: account)
        // Kept working hours only with a token that may read schedules.
        if !account.canReadSchedules { try? index.forgetWorkingHours() }
        groupMode.withLock { $0 = mode }
        me.withLock { $0 = account.homeAccountId.split(separator: ".").first.map(String.init) }
        attached.withLock { $0 = index }
        index.prepareCloseMatches(after: 2)
        return (try? index.status()).map { summary($0, index: index) }.map { summary in
          var summary = summary
          summary.repaired = repaired.current
          return summary
        }
      },
      search: { text, limit in reading([]) { try $0.search(text, limit: limit) } },
      sync: { progress in
        guard let index = attached.current else { return .failed(.cancelled) }
        // A deleted or emptied file is not synced into: it would say "synced just now" of nothing.
        if let damage = index.damage() { return .damaged(damage) }
        let sync = IndexSync(
          index: index, feed: feed, estimate: estimate, now: now, groups: groupMode.current,
          rooms: rooms.map(RoomSyncMode.daily) ?? .off, catchUpAfterFull: catchUpAfterFull, kinds: kinds)
        do throws(IndexSyncError) {
          switch try await sync.run(progress: { progress($0.indexed, $0.estimate) }) {
          case .busy: return .busy
          case .synced:
            if let damage = index.damage() { return .damaged(damage) }
            index.prepareCloseMatches()
            return (try? index.status()).map { .synced(summary($0, index: index)) } ?? .failed(.cancelled)
          }
        } catch {
          if let damage = index.damage() { return .damaged(damage) }
          switch error {
          case .permissionDenied(let message): return .permissionDenied(message)
          case .failed(let failure): return .failed(failure)
          }
        }
      },
      remove: { id in try? attached.current?.remove(id: id) },
      detail: { id in reading(nil) { try $0.detail(id: id) } },
      closeMatches: { text, limit in
        reading(nil) { index in
          try index.closeMatches(text, limit: limit, wait: false).map {
            CloseMatches(people: $0.people, forgiven: $0.forgiven, byMailName: $0.byMailName)
          }
        }
      },
      searchGroups: { text, limit in reading([]) { try $0.searchGroups(text, limit: limit) } },
      groups: .index({ attached.current }, me: { me.current }),
      rooms: .index({ attached.current }),
      damage: { attached.current?.damage() },
      answer: { text, limit in
        // A filter the index cannot answer is said (`IndexRefusal`), never "no one matches".
        do throws(IndexRefusal) {
          return .success(try searchOrRefuse(text, limit))
        } catch {
          return .failure(.unsupportedQuery(error.message))
        }
      },
      workingHours: WorkingHoursStore(
        save: { hours, readAt in reading(()) { try $0.saveWorkingHours(hours, readAt: readAt) } },
        read: { ids in reading([:]) { try $0.workingHours(of: ids) } },
        forgetAll: { reading(()) { try $0.forgetWorkingHours() } }),
      yourPeople: YourPeopleStore(
        load: { reading(.none) { try $0.yourPeople() } },
        saveWorksWith: { ids, readAt in reading(()) { try $0.saveWorksWith(ids, readAt: readAt) } },
        forgetWorksWith: { reading(()) { try $0.forgetWorksWith() } },
        recordOpened: { id, at in reading(()) { try $0.recordOpened(id, at: at) } }),
      filterValues: { reading([:]) { try $0.filterValues() } },
      kinds: DirectoryIndex.kindReaders({ attached.current }))
  }

  static func summary(_ status: IndexStatus, index: DirectoryIndex? = nil) -> LocalIndexSummary {
    let groups = (try? index?.groupStatus()) ?? (groups: nil, problem: nil)
    var summary = LocalIndexSummary(
      complete: status.complete, people: status.people, lastSync: status.lastSync, indexing: status.indexing,
      estimate: status.estimate, groups: groups.groups, groupsProblem: groups.problem, rooms: status.rooms,
      roomsProblem: status.roomsMissingPermission.map { _ in RoomClient.permissionExplanation },
      filters: IndexFilterSupport(fullProfiles: status.profiles == .full, managersKnown: status.managersKnown))
    summary.kinds = Dictionary(
      uniqueKeysWithValues: status.kinds.compactMap { name, kept in
        ObjectKind(rawValue: name).map { ($0, KindIndexCount(count: kept.count, problem: kept.missingPermission)) }
      })
    return summary
  }
}
