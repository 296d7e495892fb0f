import Foundation

/// Where settings come from and how each source is read, as pure rules: the plist file's keys,
/// then `ROSTER_*` variables, then command-line flags. Reading the file itself is the runtime's
/// (`Settings.load` in AppRuntime), so this module touches no file.
///
/// The file is found at `--config FILE`, else `$ROSTER_CONFIG`, else
/// `$XDG_CONFIG_HOME/roster/settings.plist` (default `~/.config/roster/settings.plist`); a
/// missing default file is fine, a missing explicit one is an error.
extension Settings {
  /// Values given on the command line; nil means "not given".
  public struct Overrides: Sendable, Equatable {
    public var configFile: String?
    public var clientId: String?
    public var authority: String?
    public var graphURL: String?
    /// Replaces the tenant segment of the authority (`organizations` → `contoso.onmicrosoft.com`).
    public var tenant: String?
    public var signIn: SignIn?
    /// `--redirect-port`: the browser sign-in's loopback port.
    public var redirectPort: Int?
    /// `--profile`: a named profile of the settings file.
    public var profile: String?
    /// `--account`: the cached account to use for this command.
    public var account: String?

    public init(
      configFile: String? = nil, clientId: String? = nil, authority: String? = nil, graphURL: String? = nil,
      tenant: String? = nil, signIn: SignIn? = nil, redirectPort: Int? = nil, profile: String? = nil,
      account: String? = nil
    ) {
      self.profile = profile
      self.account = account
      self.redirectPort = redirectPort
      self.configFile = configFile
      self.clientId = clientId
      self.authority = authority
      self.graphURL = graphURL
      self.tenant = tenant
      self.signIn = signIn
    }
  }

  /// Why settings could not be loaded, in a sentence.
  public struct LoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
  }

  /// The settings file this run reads, and whether it was asked for explicitly.
  public static func settingsFile(configFile: String?, environment: [String: String]) -> (path: String, explicit: Bool)
  {
    if let configFile, !configFile.isEmpty { return (configFile, true) }
    if let path = environment["ROSTER_CONFIG"], !path.isEmpty { return (path, true) }
    return (configDirectory(environment: environment).appendingPathComponent("settings.plist").path, false)
  }

  /// `$XDG_CONFIG_HOME/roster` (default `~/.config/roster`).
  public static func configDirectory(environment: [String: String]) -> URL {
    xdgDirectory("XDG_CONFIG_HOME", fallback: ".config", environment: environment)
  }

  /// `$XDG_STATE_HOME/roster` (default `~/.local/state/roster`): tokens and the log.
  public static func stateDirectory(environment: [String: String]) -> URL {
    xdgDirectory("XDG_STATE_HOME", fallback: ".local/state", environment: environment)
  }

  /// `$XDG_CACHE_HOME/roster` (default `~/.cache/roster`): photos, nothing that cannot be lost.
  public static func cacheDirectory(environment: [String: String]) -> URL {
    xdgDirectory("XDG_CACHE_HOME", fallback: ".cache", environment: environment)
  }

  /// XDG says relative paths in these variables are invalid and must be ignored.
  private static func xdgDirectory(_ variable: String, fallback: String, environment: [String: String]) -> URL {
    if let value = environment[variable], value.hasPrefix("/") {
      return URL(fileURLWithPath: value).appendingPathComponent("roster")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(fallback).appendingPathComponent("roster")
  }

  /// The settings file's keys (nil: no file), then environment, then flags.
  public static func resolved(
    file: SettingsFile?, overrides: Overrides = Overrides(), environment: [String: String]
  ) throws(LoadingError) -> Settings {
    func value(_ name: String) -> String? {
      environment[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }
    var settings = try file?.applied(to: Settings()) ?? Settings()
    settings.account = file?.account.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    let profileName = overrides.profile ?? value("ROSTER_PROFILE") ?? file?.profile.flatMap { $0.isEmpty ? nil : $0 }
    if let profileName {
      guard let profile = file?.profiles?[profileName] else {
        let known = (file?.profiles?.keys).map { $0.sorted().joined(separator: ", ") } ?? ""
        throw LoadingError(
          "No profile “\(profileName)” in the settings file"
            + (known.isEmpty ? " (it has no profiles)." : " (its profiles: \(known))."))
      }
      settings = try profile.applied(to: settings)
      if let account = profile.account, !account.trimmingCharacters(in: .whitespaces).isEmpty {
        settings.account = account
      }
      settings.profile = profileName
    }
    if let account = value("ROSTER_ACCOUNT") { settings.account = account }
    if let account = overrides.account { settings.account = account }
    if let clientId = value("ROSTER_CLIENT_ID") { settings.clientId = clientId }
    if let authority = value("ROSTER_AUTHORITY") { settings.authority = authority }
    if let graph = value("ROSTER_GRAPH_URL") { settings.graphEndpoint = graph }
    if let scopes = value("ROSTER_SCOPES") { settings.scopes = scopes }
    if let caFile = value("ROSTER_CA_FILE") { settings.caFile = caFile }
    if settings.caFile == nil, let caFile = value("SSL_CERT_FILE") { settings.caFile = caFile }
    if let index = value("ROSTER_INDEX") { settings.index = try parseIndex(index, source: "ROSTER_INDEX") }
    if let clientId = overrides.clientId { settings.clientId = clientId }
    if let authority = overrides.authority { settings.authority = authority }
    if let graph = overrides.graphURL { settings.graphEndpoint = graph }
    if let signIn = overrides.signIn { settings.signIn = signIn }
    if let port = overrides.redirectPort {
      guard (1...65_535).contains(port) else {
        throw LoadingError("--redirect-port must be between 1 and 65535, not \(port).")
      }
      settings.redirectPort = port
    }
    if let tenant = overrides.tenant { settings.authority = try replacingTenant(of: settings.authority, with: tenant) }
    return settings
  }

  /// `on`/`off` (also `true`/`false`, `yes`/`no`, `1`/`0`) for the `index` setting.
  public static func parseIndex(_ text: String, source: String) throws(LoadingError) -> Bool {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "on", "true", "yes", "1": return true
    case "off", "false", "no", "0": return false
    default: throw LoadingError("\(source) must be on or off, not “\(text)”.")
    }
  }

  /// Puts `tenant` in place of the authority's first path segment, keeping host and policy.
  public static func replacingTenant(of authority: String, with tenant: String) throws(LoadingError) -> String {
    let tenant = tenant.trimmingCharacters(in: .whitespaces)
    guard !tenant.isEmpty, !tenant.contains("/"), !tenant.contains("?"), !tenant.contains("#") else {
      throw LoadingError("“\(tenant)” is not a tenant; give a tenant id, a domain, organizations, common or consumers.")
    }
    guard var components = URLComponents(string: authority), components.host != nil else {
      throw LoadingError("The authority “\(authority)” is not a URL.")
    }
    var segments = components.path.split(separator: "/").map(String.init)
    if segments.isEmpty { segments = [tenant] } else { segments[0] = tenant }
    components.path = "/" + segments.joined(separator: "/")
    return components.string ?? authority
  }

  /// What to do when no client id is configured: the app-registration checklist.
  public static let appRegistrationChecklist = """
    Roster needs an app registration in your Entra ID tenant (no Microsoft-owned client id is built in).
    In the Azure portal, Microsoft Entra ID > App registrations > New registration:
      1. Name it (e.g. Roster); supported account types: this organisation only (or any organisation).
      2. Authentication > Add a platform > Mobile and desktop applications > redirect URI http://localhost
      3. Authentication > Advanced settings > Allow public client flows: Yes (needed for device code sign-in)
      4. API permissions > Microsoft Graph > Delegated: User.Read and User.ReadBasic.All
         (optional: User.Read.All for job titles, phones and managers; it needs admin consent)
    Then give Roster the Application (client) ID and your tenant:
      roster login --client-id <client-id> --tenant <tenant-id-or-domain>
    or put clientId and authority in the settings file, or set ROSTER_CLIENT_ID and ROSTER_AUTHORITY.
    """
}

/// The settings plist as written by a person: every key optional, values checked with a message
/// that names the key.
public struct SettingsFile: Decodable, Equatable, Sendable {
  var clientId: String?
  var authority: String?
  var graphEndpoint: String?
  var graphVersion: String?
  var scopes: String?
  var signIn: String?
  var redirectUri: String?
  var redirectPort: Int?
  var b2cPolicy: String?
  var taskAPI: String?
  var caFile: String?
  var debounceMs: Int?
  var searchMode: String?
  var index: String?
  var photos: String?
  /// `on` for the line-by-line browser (issue 44).
  var screenReader: String?
  /// The account to use when none is named on the command line or in `ROSTER_ACCOUNT`.
  var account: String?
  /// The profile used when neither `--profile` nor `ROSTER_PROFILE` names one.
  var profile: String?
  /// Named profiles: each holds any of the keys above (not `profiles`), applied over the top level.
  var profiles: [String: SettingsFile]?

  /// Spelt out so the known keys can be listed (`SettingsFile+UnknownKeys.swift`).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case clientId, authority, graphEndpoint, graphVersion, scopes, signIn, redirectUri, redirectPort, b2cPolicy
    case taskAPI, caFile, debounceMs, searchMode, index, photos, account, profile, profiles
    case screenReader
  }

  /// The file's keys from its bytes; `path` only names the file in messages.
  public static func decode(_ data: Data, path: String) throws(Settings.LoadingError) -> SettingsFile {
    do {
      return try PropertyListDecoder().decode(SettingsFile.self, from: data)
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
      let key = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw Settings.LoadingError("The settings file \(path) has a wrong type for “\(key)”.")
    } catch {
      throw Settings.LoadingError("The settings file \(path) is not a valid property list.")
    }
  }

  /// Applies the keys that are present, rejecting unknown enum values by name.
  public func applied(to base: Settings) throws(Settings.LoadingError) -> Settings {
    var settings = base
    func nonEmpty(_ value: String?) -> String? {
      value.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }
    if let value = nonEmpty(clientId) { settings.clientId = value }
    if let value = nonEmpty(authority) { settings.authority = value }
    if let value = nonEmpty(graphEndpoint) { settings.graphEndpoint = value }
    if let value = nonEmpty(graphVersion) { settings.graphVersion = value }
    if let value = nonEmpty(scopes) { settings.scopes = value }
    if let value = nonEmpty(signIn) {
      guard let parsed = Settings.SignIn(rawValue: value) else {
        throw Settings.LoadingError("signIn must be auto, device-code or browser, not “\(value)”.")
      }
      settings.signIn = parsed
    }
    if let value = nonEmpty(redirectUri) { settings.redirectUri = value }
    if let value = redirectPort {
      guard (0...65_535).contains(value) else {
        throw Settings.LoadingError("redirectPort must be between 1 and 65535 (0 for any free port), not \(value).")
      }
      settings.redirectPort = value == 0 ? nil : value
    }
    if let value = nonEmpty(b2cPolicy) { settings.b2cPolicy = value }
    if let value = nonEmpty(taskAPI) { settings.taskAPI = value }
    if let value = nonEmpty(caFile) { settings.caFile = value }
    if let value = debounceMs {
      guard (0...5_000).contains(value) else {
        throw Settings.LoadingError("debounceMs must be between 0 and 5000, not \(value).")
      }
      settings.debounceMs = value
    }
    if let value = nonEmpty(searchMode) {
      guard let parsed = Settings.SearchMode(rawValue: value) else {
        throw Settings.LoadingError("searchMode must be search or filter, not “\(value)”.")
      }
      settings.searchMode = parsed
    }
    if let value = nonEmpty(index) { settings.index = try Settings.parseIndex(value, source: "index") }
    if let value = nonEmpty(photos) {
      guard let parsed = Settings.Photos(rawValue: value) else {
        throw Settings.LoadingError("photos must be on or off, not “\(value)”.")
      }
      settings.photos = parsed
    }
    if let value = nonEmpty(screenReader) {
      settings.screenReader = try Settings.parseIndex(value, source: "screenReader")
    }
    return settings
  }
}
