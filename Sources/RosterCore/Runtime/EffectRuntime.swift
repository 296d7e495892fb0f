import Foundation

/// Interprets `Effect`s on one serial worker queue ("roster.worker").
///
/// Timers go through the injected `Scheduler`; directory and sign-in calls run in Tasks whose
/// handles are filed under their `CancelID`, so `.cancel` (or a newer effect with the same id)
/// really cancels the HTTP request in flight. Every hop back onto the worker goes through
/// `worker.enqueue`, results go to the Store through `EffectFeedback` (which hops to the main
/// queue). All mutable state here is touched only on the worker queue.
public final class EffectRuntime: EffectRunning, @unchecked Sendable {
  private let worker: any WorkQueue
  private var environment: RuntimeEnvironment {
    didSet { currentIndex.withLock { $0 = environment.services.index } }
  }
  private var jobs: [CancelID: Job] = [:]
  /// The index client in force, readable from the main queue: the Store's same-frame index
  /// search must use the client setup's save put in place, not the one the app started with.
  private let currentIndex: LockedValue<LocalIndexClient>

  /// - Parameter worker: the serial queue effects run on (a manual queue in tests).
  public init(environment: RuntimeEnvironment, worker: any WorkQueue = DispatchQueue(label: "roster.worker")) {
    self.environment = environment
    self.worker = worker
    currentIndex = LockedValue(environment.services.index)
  }

  /// The local index's answer for `query`, now, on the caller's thread (milliseconds): what the
  /// Store runs for `.searchIndex` so the list changes in the key's own frame.
  public func searchIndexNow(_ query: PeopleQuery) -> [Person] {
    currentIndex.current.search(query.text, query.pageSize)
  }

  /// Hands `effect` to the worker queue; returns at once.
  public func run(_ effect: Effect, feedback: EffectFeedback) {
    worker.enqueue { self.interpret(effect, feedback) }
  }

  // MARK: - Interpreting (worker queue)

  private func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    switch effect {
    case .debounce(let id, let delay, let action):
      startTimer(id, after: delay, sending: action, feedback)
    case .scheduleTick(let delay):
      startTimer(.tick, after: delay, sending: .app(.tick), feedback)
    case .cancel(let id):
      cancelJob(id)
      feedback.finish()
    case .searchPeople(let query, let requestID):
      let directory = environment.services.directory
      startCall(.search, feedback) { report in
        let result = await Self.directoryResult {
          try await directory.searchPeople(query) { notice in
            report(.search(.retryScheduled(id: requestID, notice)))
          }
        }
        return .search(.resultsLoaded(id: requestID, result))
      }
    case .fetchNextPage(let cursor, let requestID):
      let directory = environment.services.directory
      startCall(.nextPage, feedback) { report in
        let result = await Self.directoryResult {
          try await directory.nextPage(cursor) { notice in
            report(.search(.retryScheduled(id: requestID, notice)))
          }
        }
        return .search(.nextPageLoaded(id: requestID, result))
      }
    case .loadDetail(let personID, let requestID):
      let directory = environment.services.directory
      startCall(.detail, feedback) { report in
        let result = await Self.directoryResult {
          try await directory.personDetail(personID) { notice in
            report(.detail(.retryScheduled(id: requestID, notice)))
          }
        }
        return .detail(.loaded(id: requestID, result))
      }
    case .loadPhoto(let request, let requestID):
      let directory = environment.services.directory
      startCall(.photo, feedback) { _ in
        .photo(.loaded(id: requestID, await Self.directoryResult { try await directory.personPhoto(request) }))
      }
    case .signIn(let method):
      startSignIn(method, feedback)
    case .submitRedirectURL(let url):
      let auth = environment.services.auth
      spawn(feedback) { .login(.redirectURLChecked(accepted: await auth.submitRedirectURL(url.exposedValue))) }
    case .warmUpDirectory:
      let directory = environment.services.directory
      spawn(feedback) {
        await directory.warmUp()
        return nil
      }
    case .restoreSession:
      let auth = environment.services.auth
      spawn(feedback) { .app(.sessionRestored(await auth.restoreSession())) }
    case .signOut:
      let auth = environment.services.auth
      spawn(feedback) {
        await auth.signOut()
        return .app(.signedOut)
      }
    case .saveSettings(let settings):
      let save = environment.saveSettings
      spawn(feedback) {
        do {
          let services = try await save(settings)
          // Replaced on the worker before `.saved` can lead to a new sign-in effect.
          self.worker.enqueue { self.environment.services = services }
          return .setup(.saved(settings))
        } catch {
          return .setup(.saveFailed(String(describing: error)))
        }
      }
    case .copyToClipboard(let text):
      // The one path for the clipboard: back to the UI on the main queue, like any result.
      feedback.copyToClipboard(text)
      feedback.finish()
    case .fetchPresence(let ids, let requestID):
      let directory = environment.services.directory
      startCall(.presence, feedback) { _ in
        .presence(.loaded(id: requestID, await Self.directoryResult { try await directory.presences(ids) }))
      }
    case .exportVCard(let person, let photo):
      let directory = environment.exportDirectory
      let client = environment.services.directory
      spawn(feedback) {
        // A card without a face beats no card: a failed photo fetch leaves PHOTO out.
        let jpeg = try? await client.personPhotoJPEG(photo)
        do throws(ExportFailure) {
          return .detail(.vCardExported(.success(try VCardFile.write(person, photoJPEG: jpeg, into: directory))))
        } catch {
          return .detail(.vCardExported(.failure(error)))
        }
      }
    case .loadTasks(let requestID):
      let tasks = environment.services.tasks
      startCall(.tasks, feedback) { _ in
        .tasks(.loaded(id: requestID, await Self.taskResult { try await tasks.list() }))
      }
    case .addTask(let text, let localID):
      let tasks = environment.services.tasks
      spawn(feedback) { .tasks(.added(localID: localID, await Self.taskResult { try await tasks.add(text) })) }
    case .setTaskCompleted(let id, let completed):
      let tasks = environment.services.tasks
      spawn(feedback) {
        .tasks(.completionSaved(id: id, await Self.taskResult { try await tasks.setCompleted(id, completed) }))
      }
    case .deleteTask(let id):
      let tasks = environment.services.tasks
      spawn(feedback) {
        .tasks(
          .deleted(
            id: id,
            await Self.taskResult {
              try await tasks.delete(id)
              return id
            }))
      }
    case .attachIndex, .syncIndex, .searchIndex, .removeFromIndex, .loadDetailFromIndex:
      interpretIndex(effect, feedback)
    }
  }

  /// The local index's effects (issue 12): opening, searching and removing are quick SQLite
  /// calls; the sync is a Task filed under `CancelID.indexSync`, reporting progress as it goes.
  private func interpretIndex(_ effect: Effect, _ feedback: EffectFeedback) {
    let index = environment.services.index
    switch effect {
    case .attachIndex(let account):
      spawn(feedback) { .index(.attached(index.attach(account))) }
    case .syncIndex:
      startCall(.indexSync, feedback) { report in
        let result = await index.sync { indexed, estimate in
          report(.index(.syncProgressed(indexed: indexed, estimate: estimate)))
        }
        return .index(.syncFinished(result))
      }
    case .searchIndex(let query, let requestID):
      spawn(feedback) {
        .search(.indexResultsLoaded(id: requestID, index.search(query.text, query.pageSize), asked: query.pageSize))
      }
    case .loadDetailFromIndex(let personID, let requestID):
      spawn(feedback) { .detail(.loadedFromIndex(id: requestID, index.detail(personID))) }
    case .removeFromIndex(let personID):
      spawn(feedback) {
        index.remove(personID)
        return nil
      }
    default:
      feedback.finish()
    }
  }

  // MARK: - Jobs

  /// Cancels the job filed under `id`, if any.
  private func cancelJob(_ id: CancelID) {
    jobs.removeValue(forKey: id)?.cancel()
  }

  /// Files a new job under `id`, cancelling the one it replaces.
  private func file(_ id: CancelID, _ feedback: EffectFeedback) -> Job {
    cancelJob(id)
    let job = Job(feedback: feedback)
    jobs[id] = job
    return job
  }

  /// Removes `job` from the table if it is still the one filed under `id`.
  private func retire(_ job: Job, _ id: CancelID) {
    if jobs[id] === job { jobs[id] = nil }
  }

  private func startTimer(_ id: CancelID, after delay: Duration, sending action: AppAction, _ feedback: EffectFeedback)
  {
    let job = file(id, feedback)
    let handle = environment.scheduler.schedule(after: delay) { [worker] in
      worker.enqueue {
        guard !job.isCancelled else { return }
        self.retire(job, id)
        job.send(action)
        job.finish()
      }
    }
    job.onCancel = {
      handle.cancel()
      job.finish()
    }
  }

  /// Runs `call` in a Task filed under `id`; its action is sent unless the job was cancelled,
  /// and the effect finishes when the Task really ends (after the client saw the cancellation).
  /// `call` gets a `report` closure for progress actions (retry notices), sent from the worker.
  private func startCall(
    _ id: CancelID, _ feedback: EffectFeedback,
    _ call: @escaping @Sendable (_ report: @escaping @Sendable (AppAction) -> Void) async -> AppAction
  ) {
    let job = file(id, feedback)
    let tracker = environment.tasks
    let worker = self.worker
    let report: @Sendable (AppAction) -> Void = { action in worker.enqueue { job.send(action) } }
    tracker.started()
    let task = Task {
      let action = await call(report)
      self.worker.enqueue {
        self.retire(job, id)
        job.send(action)
        job.finish()
      }
      tracker.ended()
    }
    job.onCancel = { task.cancel() }
  }

  /// Runs an uncancellable call in a Task and sends its action, if it has one.
  private func spawn(_ feedback: EffectFeedback, _ call: @escaping @Sendable () async -> AppAction?) {
    let tracker = environment.tasks
    tracker.started()
    Task {
      if let action = await call() { feedback.send(action) }
      feedback.finish()
      tracker.ended()
    }
  }

  private func startSignIn(_ method: SignInMethod, _ feedback: EffectFeedback) {
    let job = file(.signIn, feedback)
    let worker = self.worker
    let handle = environment.services.auth.signIn(method) { event in
      worker.enqueue {
        guard !job.isCancelled else { return }
        job.send(.login(.signInEventReceived(event)))
        switch event {
        case .signedIn, .failed:
          self.retire(job, .signIn)
          job.finish()
        case .deviceCodeIssued, .waitingForUser, .browserOpened:
          break
        }
      }
    }
    job.onCancel = {
      handle.cancel()
      job.finish()
    }
  }

  /// Runs a task call, mapping every way it can end to a `TaskError`.
  private static func taskResult<Value: Sendable>(_ call: @Sendable () async throws -> Value) async
    -> Result<Value, TaskError>
  {
    do {
      return .success(try await call())
    } catch let error as TaskError {
      return .failure(error)
    } catch let required as SignInRequired {
      return .failure(.signInRequired(required.failure))
    } catch {
      return .failure(Task.isCancelled || error is CancellationError ? .cancelled : .offline("\(type(of: error))"))
    }
  }

  /// Runs a directory call, mapping every way it can end to a `DirectoryError`.
  private static func directoryResult<Value: Sendable>(
    _ call: @Sendable () async throws -> Value
  ) async -> Result<Value, DirectoryError> {
    do {
      return .success(try await call())
    } catch let error as DirectoryError {
      return .failure(error)
    } catch let required as SignInRequired {
      return .failure(.signInRequired(required.failure))
    } catch is CancellationError {
      return .failure(.cancelled)
    } catch {
      if Task.isCancelled { return .failure(.cancelled) }
      return .failure(.service(status: 0, code: nil, message: "Unexpected error (\(type(of: error)))"))
    }
  }
}
