import RosterCore

/// What the runtime needs to switch accounts (issue 21); the composition root builds it over the
/// token cache, and each switch builds the chosen account's own clients.
public struct AccountsClient: Sendable {
  /// The clients, account and settings a switch puts in force.
  public struct Switch: Sendable {
    public var services: Services
    /// The account when its session could be restored; nil when it must sign in again.
    public var account: Account?
    /// `.tasks` for a B2C account, else `.main`.
    public var home: Screen
    public var settings: Settings

    public init(services: Services, account: Account?, home: Screen, settings: Settings) {
      self.services = services
      self.account = account
      self.home = home
      self.settings = settings
    }
  }

  /// The signed-in accounts and the key of the one this window uses.
  public var list: @Sendable () async throws -> (accounts: [AccountSummary], currentKey: String?)
  /// The chosen account's clients.
  public var switchTo: @Sendable (_ key: String) async throws -> Switch
  /// The settings' own clients, for signing in to another account.
  public var prepareNew: @Sendable () async throws -> Switch

  public init(
    list: @escaping @Sendable () async throws -> (accounts: [AccountSummary], currentKey: String?),
    switchTo: @escaping @Sendable (_ key: String) async throws -> Switch,
    prepareNew: @escaping @Sendable () async throws -> Switch
  ) {
    self.list = list
    self.switchTo = switchTo
    self.prepareNew = prepareNew
  }

  /// No accounts to switch between (the demo, tests): the picker says so.
  public static let unavailable = AccountsClient(
    list: { throw AccountsUnavailable() }, switchTo: { _ in throw AccountsUnavailable() },
    prepareNew: { throw AccountsUnavailable() })
}

/// Switching accounts is not offered here (`--demo` and `--no-persist` keep one account in memory).
public struct AccountsUnavailable: Error, CustomStringConvertible, Sendable {
  public init() {}
  public var description: String {
    "This session has only one account: switching needs the token cache (not kept with --demo or --no-persist)."
  }
}
