import RosterCore

/// How a client call's every ending (a value, a typed failure, sign-in needed, a cancellation,
/// an error nobody expected) becomes the `Result` its action carries: one place, so every
/// feature reports the same failure the same way.
enum EffectResults {
  /// Runs a directory call, mapping every way it can end to a `DirectoryError`.
  static func directory<Value: Sendable>(
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

  /// Runs a task call, mapping every way it can end to a `TaskError`.
  static func tasks<Value: Sendable>(_ call: @Sendable () async throws -> Value) async -> Result<Value, TaskError> {
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
}
