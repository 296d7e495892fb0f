import Foundation
import RosterCore

/// Which cached account a command (or the UI) uses, in the order the person can say it: the
/// `--account` flag, then `ROSTER_ACCOUNT`, then the `account` setting (all three arrive as
/// `Settings.account`), then the active account.
///
/// A named account that is not in the cache is an error (`AccountSelector`), never a fall back to
/// another identity. The active account is used whatever authority or client id the settings
/// name (each account keeps the ones it signed in with), except when the command line itself
/// names an authority, client id or tenant, or a profile is chosen: then the account of that
/// profile, or the one matching the configuration, as before several accounts.
public enum AccountChoice {
  /// What the person said about the configuration, besides `settings.account`.
  public struct Context: Sendable, Equatable {
    /// `--authority`, `--client-id` or `--tenant` on the command line.
    public var explicitConfiguration: Bool
    /// `--profile` or `ROSTER_PROFILE`.
    public var explicitProfile: Bool
    /// False for `roster login`, which signs in a new account from the settings unless one is named.
    public var useActive: Bool

    public init(explicitConfiguration: Bool = false, explicitProfile: Bool = false, useActive: Bool = true) {
      self.explicitConfiguration = explicitConfiguration
      self.explicitProfile = explicitProfile
      self.useActive = useActive
    }
  }

  /// The account to use, or nil for "none chosen" (the session then matches by configuration).
  public static func choose(settings: Settings, file: TokenCacheFile, context: Context) throws(AccountSelector.Failure)
    -> (key: String, entry: CachedAccount)?
  {
    if let selector = settings.account { return try AccountSelector.select(selector, in: file) }
    guard context.useActive, !context.explicitConfiguration else { return nil }
    if context.explicitProfile {
      let mine = file.accounts.filter { $0.value.profile == settings.profile }
      if let active = file.activeAccount, let entry = mine[active] { return (active, entry) }
      return mine.max { $0.value.updatedAt < $1.value.updatedAt }.map { (key: $0.key, entry: $0.value) }
    }
    guard let active = file.activeAccount, let entry = file.accounts[active] else { return nil }
    return (active, entry)
  }

  /// `settings` with the account's own authority, client id, scopes and Graph endpoint in force.
  public static func applying(_ chosen: (key: String, entry: CachedAccount), to settings: Settings) -> Settings {
    var result = settings
    result.authority = chosen.entry.account.authority
    result.clientId = chosen.entry.clientId
    result.scopes = chosen.entry.requestedScopes
    if let graph = chosen.entry.graphEndpoint { result.graphEndpoint = graph }
    result.accountKey = chosen.key
    return result
  }
}
