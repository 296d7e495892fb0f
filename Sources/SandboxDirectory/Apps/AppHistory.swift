import Foundation
import Synchronization

/// One change to the tenant's apps, as an administrator or a pipeline would make it.
public enum AppEdit: Sendable, Equatable {
  case renameApplication(id: String, displayName: String)
  /// A new client secret (`addPassword`), as a rotation pipeline adds one before the old ends.
  case addPassword(applicationId: String, AppPasswordCredential)
  case renameServicePrincipal(id: String, displayName: String)
  case setServicePrincipalEnabled(id: String, Bool)
  /// The registration is deleted and its enterprise app with it (same `appId`), and the grants
  /// that enterprise app held. `permanent` is Graph's `"deleted"`, else `"changed"` (soft delete).
  case removeApplication(id: String, permanent: Bool)
}

/// Edits that fall due at a time after the sandbox started: the generated tenant's own churn,
/// so a client's second delta round finds something changed without anyone driving the sandbox.
public struct AppChangeBatch: Sendable, Equatable {
  public var due: Date
  public var edits: [AppEdit]

  public init(due: Date, edits: [AppEdit]) {
    self.due = due
    self.edits = edits
  }
}

/// The tenant's apps as they change at run time, with the change log `/applications/delta` and
/// `/servicePrincipals/delta` answer from — `DeviceHistory`'s counterpart: each edit batch makes a
/// new immutable `AppSet` and bumps the version; the log remembers which ids of which collection
/// changed at which version and how removed ones left. Scheduled batches are applied, each as its
/// own version, the first time the apps are read at or after their due time.
public final class AppHistory: Sendable {
  public struct Snapshot: Sendable {
    public var apps: AppSet
    public var version: Int
  }

  private struct Change {
    var version: Int
    var kind: AppKind
    var id: String
    var removal: String?
  }

  private struct State {
    var snapshot: Snapshot
    var pending: [AppChangeBatch]
    var log: [Change] = []
    var forgottenThrough = -1
  }

  public static let retainedChanges = 100_000
  /// Random per run: a token from another run names a state this one never had.
  public let instance = UInt32.random(in: 1...UInt32.max)
  private let state: Mutex<State>

  public init(_ apps: AppSet, scheduled: [AppChangeBatch] = []) {
    state = Mutex(State(snapshot: Snapshot(apps: apps, version: 0), pending: scheduled.sorted { $0.due < $1.due }))
  }

  /// The apps at `now`, applying any scheduled batch now due.
  public func current(at now: Date) -> Snapshot {
    state.withLock { state in
      while let batch = state.pending.first, batch.due <= now {
        state.pending.removeFirst()
        _ = Self.apply(batch.edits, to: &state)
      }
      return state.snapshot
    }
  }

  /// Applies the edits as one version, all or nothing; an edit naming no app is refused.
  @discardableResult
  public func apply(_ edits: [AppEdit]) throws(DirectoryEditError) -> Int {
    try state.withLock { Self.apply(edits, to: &$0) }.get()
  }

  private static func apply(_ edits: [AppEdit], to state: inout State) -> Result<Int, DirectoryEditError> {
    let old = state.snapshot.apps
    var applications = old.applications
    var principals = old.servicePrincipals
    var grants = old.permissionGrants
    var roles = old.roleGrants
    var changes: [(AppKind, String, String?)] = []
    func app(_ id: String) -> Int? { applications.firstIndex { $0.id.lowercased() == id.lowercased() } }
    func principal(_ id: String) -> Int? { principals.firstIndex { $0.id.lowercased() == id.lowercased() } }
    for edit in edits {
      switch edit {
      case .renameApplication(let id, _), .addPassword(let id, _), .removeApplication(let id, _):
        guard let index = app(id) else { return .failure(DirectoryEditError("no application \(id)", notFound: true)) }
        let found = applications[index]
        if case .renameApplication(_, let name) = edit { applications[index].displayName = name }
        if case .addPassword(_, let secret) = edit { applications[index].passwordCredentials.append(secret) }
        guard case .removeApplication(_, let permanent) = edit else {
          changes.append((.application, found.id, nil))
          continue
        }
        let reason = permanent ? "deleted" : "changed"
        applications.remove(at: index)
        for gone in principals where gone.appId.lowercased() == found.appId.lowercased() {
          principals.removeAll { $0.id == gone.id }
          grants.removeAll { $0.clientId == gone.id }
          roles.removeAll { $0.principalId == gone.id }
          changes.append((.servicePrincipal, gone.id, reason))
        }
        changes.append((.application, found.id, reason))
      case .renameServicePrincipal(let id, _), .setServicePrincipalEnabled(let id, _):
        guard let index = principal(id) else {
          return .failure(DirectoryEditError("no service principal \(id)", notFound: true))
        }
        if case .renameServicePrincipal(_, let name) = edit { principals[index].displayName = name }
        if case .setServicePrincipalEnabled(_, let enabled) = edit { principals[index].accountEnabled = enabled }
        changes.append((.servicePrincipal, principals[index].id, nil))
      }
    }
    let version = state.snapshot.version + 1
    state.log += changes.map { Change(version: version, kind: $0.0, id: $0.1, removal: $0.2) }
    if state.log.count > retainedChanges {
      let dropped = state.log.count - retainedChanges
      state.forgottenThrough = state.log[dropped - 1].version
      state.log.removeFirst(dropped)
    }
    state.snapshot = Snapshot(
      apps: AppSet(
        applications: applications, servicePrincipals: principals, permissionGrants: grants, roleGrants: roles),
      version: version)
    return .success(version)
  }

  /// Ids of `kind` changed after `version` up to `through`, ascending, each with its last removal
  /// reason (nil when it still exists); nil when `version` is too old to answer.
  public func changes(_ kind: AppKind, after version: Int, through: Int) -> [(id: String, removal: String?)]? {
    state.withLock { state in
      guard version >= state.forgottenThrough, version <= state.snapshot.version else { return nil }
      var last: [String: String?] = [:]
      for change in state.log where change.kind == kind && change.version > version && change.version <= through {
        last[change.id] = change.removal
      }
      return last.keys.sorted().map { ($0, last[$0]!) }
    }
  }
}
