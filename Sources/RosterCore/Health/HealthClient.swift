import Foundation

/// Account-health reads as the runtime uses them: `HealthClient.live` over Graph (Graph target),
/// fakes in tests. One closure per `HealthPart`, so each is its own request and its own refusal.
///
/// Every call takes the person's object id (Graph refuses `signInActivity` by user principal
/// name) and throws `DirectoryError` only; a 403 is `.permissionDenied` whose text names the
/// permission, the directory role and the licence the part needs.
public struct HealthClient: Sendable {
  public typealias OnRetry = @Sendable (RetryNotice) -> Void

  public var accountState: @Sendable (_ id: String, _ onRetry: @escaping OnRetry) async throws -> AccountState
  public var lastSignIn: @Sendable (_ id: String, _ onRetry: @escaping OnRetry) async throws -> LastSignIn
  public var mfa: @Sendable (_ id: String, _ onRetry: @escaping OnRetry) async throws -> MFARegistration
  public var licences: @Sendable (_ id: String, _ onRetry: @escaping OnRetry) async throws -> [Licence]
  /// Registered and owned devices, one entry per device.
  public var devices: @Sendable (_ id: String, _ onRetry: @escaping OnRetry) async throws -> [PersonDevice]
  /// Sign-ins newest first, at most `query.limit`.
  public var signIns: @Sendable (_ query: SignInQuery, _ onRetry: @escaping OnRetry) async throws -> [SignInLogEntry]
  /// The person's directory roles for the pane (issue 43): `RolesClient` where the app is
  /// composed; nil (never asked) in tests and sessions without it.
  public var roles: (@Sendable (_ id: String, _ onRetry: @escaping OnRetry) async -> PersonRoles)? = nil

  public init(
    accountState: @escaping @Sendable (String, @escaping OnRetry) async throws -> AccountState,
    lastSignIn: @escaping @Sendable (String, @escaping OnRetry) async throws -> LastSignIn,
    mfa: @escaping @Sendable (String, @escaping OnRetry) async throws -> MFARegistration,
    licences: @escaping @Sendable (String, @escaping OnRetry) async throws -> [Licence],
    devices: @escaping @Sendable (String, @escaping OnRetry) async throws -> [PersonDevice],
    signIns: @escaping @Sendable (SignInQuery, @escaping OnRetry) async throws -> [SignInLogEntry]
  ) {
    self.accountState = accountState
    self.lastSignIn = lastSignIn
    self.mfa = mfa
    self.licences = licences
    self.devices = devices
    self.signIns = signIns
  }

  /// Every call fails with `error` (no client id yet, tests).
  public static func unavailable(_ error: DirectoryError) -> HealthClient {
    HealthClient(
      accountState: { _, _ in throw error }, lastSignIn: { _, _ in throw error }, mfa: { _, _ in throw error },
      licences: { _, _ in throw error }, devices: { _, _ in throw error }, signIns: { _, _ in throw error })
  }
}

extension HealthClient {
  /// Reads every part the token's `scopes` allow, all at once; a part the scopes do not allow is
  /// `.lacking` and never sent, so someone who only browses colleagues sees no error for it.
  public func accountHealth(
    id: String, scopes: [String], onRetry: @escaping OnRetry = { _ in }
  ) async -> AccountHealth {
    async let state = Self.outcome(.state, scopes) { try await accountState(id, onRetry) }
    async let last = Self.outcome(.lastSignIn, scopes) { try await lastSignIn(id, onRetry) }
    async let registration = Self.outcome(.mfa, scopes) { try await mfa(id, onRetry) }
    async let assigned = Self.outcome(.licences, scopes) { try await licences(id, onRetry) }
    async let owned = Self.outcome(.devices, scopes) { try await devices(id, onRetry) }
    return await AccountHealth(
      state: state, lastSignIn: last, mfa: registration, licences: assigned, devices: owned)
  }

  /// One part's outcome: not asked without the scopes; a refusal keeps its explanation.
  public static func outcome<Value: Sendable & Equatable>(
    _ part: HealthPart, _ scopes: [String], _ read: @Sendable () async throws -> Value
  ) async -> HealthOutcome<Value> {
    let missing = part.requirement.missing(from: scopes)
    guard missing.isEmpty else { return .lacking(missing) }
    do {
      return .loaded(try await read())
    } catch let error as DirectoryError {
      if case .permissionDenied(let text) = error { return .refused(text) }
      return .failed(error)
    } catch {
      return .failed(.cancelled)
    }
  }
}
