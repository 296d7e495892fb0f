import RosterCore

/// The fix box's calls (issue 45). The look-ups run under `.fix`, so closing the box drops them;
/// the write is spawned outside the table: once sent it cannot be called back, and its answer
/// (and audit line) must arrive even if a newer look-up starts.
struct FixEffects: EffectInterpreter {
  let fixes: FixClient
  let jobs: JobTable

  func interpret(_ effect: Effect, _ feedback: EffectFeedback) {
    guard case .fix(let call) = effect else { return notMine(effect, feedback) }
    let fixes = self.fixes
    switch call {
    case .readPerson(let id, let requestID):
      jobs.startCall(.fix, feedback) { _ in
        do throws(DirectoryError) {
          return .fix(.personRead(id: requestID, .success(try await fixes.person(id))))
        } catch {
          return .fix(.personRead(id: requestID, .failure(error)))
        }
      }
    case .readGroup(let argument, let requestID):
      jobs.startCall(.fix, feedback) { _ in
        do throws(DirectoryError) {
          return .fix(.groupRead(id: requestID, .success(try await fixes.group(argument))))
        } catch {
          return .fix(.groupRead(id: requestID, .failure(error)))
        }
      }
    case .perform(let plan, let account, let scopes, let requestID):
      jobs.spawn(feedback) { .fix(.performed(id: requestID, await fixes.perform(plan, account, scopes))) }
    }
  }
}
