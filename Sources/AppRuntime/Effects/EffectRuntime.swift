import Foundation
import RosterCore

/// Interprets `Effect`s on one serial worker queue ("roster.worker"): routes each effect to its
/// feature's interpreter (`Interpreters/`), which runs it through the shared `JobTable`.
///
/// Timers go through the injected `Scheduler`; directory and sign-in calls run in Tasks whose
/// handles are filed under their `CancelID`, so `.cancel` (or a newer effect with the same id)
/// really cancels the HTTP request in flight. Every hop back onto the worker goes through
/// `worker.enqueue`, results go to the Store through `EffectFeedback` (which hops to the main
/// queue). All mutable state here is touched only on the worker queue.
public final class EffectRuntime: EffectRunning, @unchecked Sendable {
  /// The same-frame index search over the index client in force; the Store takes it.
  public let instantSearch: InstantIndexSearch
  private let worker: any WorkQueue
  private let jobs: JobTable
  private var environment: RuntimeEnvironment

  /// - Parameter worker: the serial queue effects run on (a manual queue in tests).
  public init(environment: RuntimeEnvironment, worker: any WorkQueue = DispatchQueue(label: "roster.worker")) {
    self.environment = environment
    self.worker = worker
    jobs = JobTable(worker: worker, scheduler: environment.scheduler, tracker: environment.tasks)
    instantSearch = InstantIndexSearch(environment.services.index)
  }

  /// Hands `effect` to the worker queue; returns at once.
  public func run(_ effect: Effect, feedback: EffectFeedback) {
    worker.enqueue { self.interpreter(for: effect).interpret(effect, feedback) }
  }

  /// The feature interpreter for `effect`, over the clients in force (worker queue).
  private func interpreter(for effect: Effect) -> any EffectInterpreter {
    let services = environment.services
    switch effect {
    case .debounce, .scheduleTick, .cancel:
      return TimerEffects(jobs: jobs)
    case .searchGraph(let query, _):
      return interpreter(forKind: query.kind)
    case .fetchPage(let kind, _, _):
      return interpreter(forKind: kind)
    case .warmUpDirectory:
      return SearchEffects(directory: services.directory, jobs: jobs)
    case .loadDetail, .loadPhoto, .fetchPresence:
      return DetailEffects(directory: services.directory, jobs: jobs)
    case .signIn, .submitRedirectURL, .restoreSession, .signOut:
      return SignInEffects(auth: services.auth, jobs: jobs)
    case .saveSettings:
      return SetupEffects(save: environment.saveSettings, use: { self.use($0) }, jobs: jobs)
    case .copyToClipboard, .exportVCard:
      return ExportEffects(directory: services.directory, exportDirectory: environment.exportDirectory, jobs: jobs)
    case .tasks:
      return TaskEffects(tasks: services.tasks, jobs: jobs)
    case .index, .searchIndex, .loadDetailFromIndex:
      return IndexEffects(index: services.index, jobs: jobs)
    case .loadMyGroups, .loadGroup,
      .loadGroupMembers,
      .fetchMoreMembers, .loadMembershipPath, .loadMemberOf:
      return GroupEffects(groups: services.groups, index: services.index, jobs: jobs)
    case .loadPane(let request, _):
      return interpreter(forKind: request.kind)
    case .loadRooms:
      return RoomEffects(rooms: services.rooms, index: services.index, jobs: jobs)
    case .loadSchedules, .storeWorkingHours, .forgetWorkingHours, .loadWorkingHoursFromIndex:
      return ScheduleEffects(schedules: services.schedules, index: services.index, jobs: jobs)
    case .loadHealth:
      return HealthEffects(health: services.health, jobs: jobs)
    case .yourPeople:
      return YourPeopleEffects(worksWith: services.worksWith, index: services.index, jobs: jobs)
    case .accounts:
      return AccountEffects(accounts: environment.accounts, use: { self.use($0) }, jobs: jobs)
    case .fix:
      return FixEffects(fixes: services.fixes, jobs: jobs)
    }
  }

  /// The interpreter of a kind's Graph search and its pages (rooms are read whole by `.loadRooms`, so
  /// no page of rooms is asked for).
  private func interpreter(forKind kind: ObjectKind) -> any EffectInterpreter {
    let services = environment.services
    switch kind {
    case .person: return SearchEffects(directory: services.directory, jobs: jobs)
    case .group: return GroupEffects(groups: services.groups, index: services.index, jobs: jobs)
    case .room: return RoomEffects(rooms: services.rooms, index: services.index, jobs: jobs)
    default: return KindEffects(kind: kind, client: services.kinds[kind], index: services.index, jobs: jobs)
    }
  }

  /// Puts setup's (or another account's) new clients in force: the instant search at once, the rest on the worker
  /// (queued before `.saved` can lead to a new sign-in effect).
  private func use(_ services: Services) {
    instantSearch.use(services.index)
    worker.enqueue { self.environment.services = services }
  }
}
