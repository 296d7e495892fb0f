import Foundation
import SandboxDirectory
import Synchronization

/// Everything one running sandbox shares between its handlers: configuration, the directory,
/// the signing key, the grants issued so far, faults and the request log.
final class SandboxTenant: Sendable {
  /// Fixed so a client configured once keeps working across restarts.
  static let tenantId = "5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44"

  let configuration: SandboxConfiguration
  /// The directory as it changes at run time (control API, `--churn`) and its change log.
  let history: DirectoryHistory
  /// The current snapshot: one consistent, immutable directory per request.
  var directory: Directory { history.directory }
  let tenantId: String
  let tenantDomain: String
  let apps: [RegisteredApp]
  let signer: TokenSigner
  let grants = GrantStore()
  let faults: FaultInjector
  let requestLog = RequestLog()
  /// Resource units each app has spent in its current 10-second window (`GraphLimits.throttles`).
  let budget = ResourceUnitBudget()
  /// Outlook's requests per app and mailbox in 10 minutes (getSchedule; `GraphLimits.throttles`).
  let mailboxLimit = MailboxRequestLimit()
  /// The reports API's requests per app in 10 seconds (`/auditLogs/signIns`; `GraphLimits.reportsRequestsPerWindow`).
  let reportsLimit = ReportsRequestLimit()
  /// Sign-ins added through `POST /_sandbox/signins`, served with the generated history.
  let injectedSignIns = InjectedSignIns()
  /// Requests, resource units and 429s served (`GET /_sandbox/stats`).
  let stats = StatsCounter()
  /// Teams presence that changes over time and can be pinned through the control API.
  let presence: PresenceBoard
  /// The B2C task API's storage (`/api/tasks`).
  let tasks: TaskStore
  /// Customers with starter tasks, the default user first (so a test can show isolation).
  let demoCustomers: [DirectoryUser]
  /// Rooms and room lists (`/places`); empty when `configuration.rooms` is off. They never
  /// change at run time, so they sit beside the directory's history rather than in it.
  let places: PlaceSet
  /// Registered devices (`/devices`, a user's `registeredDevices`/`ownedDevices`), generated
  /// from the seed and the people, with the change log `/devices/delta` answers from.
  let devices: DeviceHistory
  /// App registrations and enterprise apps (`/applications`, `/servicePrincipals`), generated from
  /// the seed, with their scheduled churn and the change log their delta answers from.
  let appHistory: AppHistory
  /// The apps now (applying any scheduled change that fell due).
  var appRegistrations: AppSet { appHistory.current(at: now).apps }
  /// Soft-deleted users and groups (`/directory/deletedItems`), kept 30 days (`RecycleBin`).
  let recycleBin: RecycleBin
  /// What the write endpoints changed beyond the directory: session revocations, passes,
  /// re-sent invitations and the directory audit entries of each write (`Graph/Writes`).
  let writes = WriteLedger()
  private let boundBaseURL = Mutex<URL?>(nil)
  /// Who the stand-in browser signs in as when the request names no one (`/_sandbox/browser`).
  private let browserUserId = Mutex<String?>(nil)

  init(configuration: SandboxConfiguration, directory: Directory) throws {
    self.configuration = configuration
    self.history = DirectoryHistory(directory)
    self.tenantId = configuration.tenantId ?? Self.tenantId
    let upn = directory.defaultUser.userPrincipalName
    let domain = upn.split(separator: "@").last.map(String.init)?.lowercased()
    self.tenantDomain = (domain?.isEmpty == false && upn.contains("@")) ? domain! : "contoso.onmicrosoft.com"
    self.apps = [.demo]
    self.signer = try TokenSigner()
    self.faults = FaultInjector(seed: configuration.seed)
    self.presence = PresenceBoard(seed: configuration.seed)
    let customers = Self.demoCustomers(in: directory)
    self.demoCustomers = customers
    self.places =
      configuration.rooms ? PlaceSet.generated(seed: configuration.seed, people: directory.users.count) : PlaceSet()
    self.devices = DeviceHistory(
      DeviceSet.generated(
        seed: configuration.seed, directory: directory, now: configuration.now(), count: configuration.devices))
    let apps = AppSet.generated(
      seed: configuration.seed, directory: directory, now: configuration.now(),
      tenantId: configuration.tenantId ?? Self.tenantId, count: configuration.apps)
    self.recycleBin = RecycleBin(seed: configuration.seed, directory: directory, now: configuration.now())
    self.appHistory = AppHistory(
      apps, scheduled: apps.scheduledChanges(seed: configuration.seed, start: configuration.now()))
    do {
      self.tasks = try TaskStore(
        directory: configuration.dataDirectory, starters: Self.starterTasks(for: customers, now: configuration.now()))
    } catch {
      throw SandboxStartError.taskData(error.description)
    }
  }

  /// The user an interactive sign-in without `login_hint` signs in as.
  var browserUser: DirectoryUser {
    browserUserId.withLock { $0 }.flatMap { directory.user(idOrUPN: $0) } ?? directory.defaultUser
  }

  func setBrowserUser(_ user: DirectoryUser?) { browserUserId.withLock { $0 = user?.id } }

  var now: Date { configuration.now() }
  var scheme: String { configuration.tls ? "https" : "http" }

  /// The URL the server bound to (set once listening).
  var baseURL: URL {
    boundBaseURL.withLock { $0 } ?? URL(string: "\(scheme)://\(configuration.host)")!
  }

  func setBaseURL(_ url: URL) { boundBaseURL.withLock { $0 = url } }

  func app(_ clientId: String) -> RegisteredApp? {
    apps.first { $0.clientId.lowercased() == clientId.lowercased() }
  }

  /// The tenant a path segment names: the id, the domain, `organizations` or `common`.
  func acceptsTenant(_ segment: String) -> Bool {
    let lower = segment.lowercased()
    return lower == tenantId || lower == tenantDomain || lower == "organizations" || lower == "common"
  }

  /// The base a client reached us at: scheme plus its `Host` header when that is a plain
  /// host[:port], else the bound URL. Links built from it work through port forwards too.
  func base(forHost host: String?) -> String {
    if let host, !host.isEmpty, host.count < 256,
      host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) })
    {
      return "\(scheme)://\(host)"
    }
    return baseURL.absoluteString
  }
}
