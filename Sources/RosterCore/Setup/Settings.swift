/// Everything Roster can be configured with (DESIGN.md §6). Plain data: loading from the settings
/// file, flags and `ROSTER_*` variables lives in `Settings+Sources` (rules) and AppRuntime (the file).
public struct Settings: Sendable, Equatable, Codable {
  /// How sign-in is chosen: `auto` picks device code over SSH or without a display.
  public enum SignIn: String, Sendable, Codable, CaseIterable {
    case auto
    case deviceCode = "device-code"
    case browser
  }
  /// Which Graph query style people search uses.
  public enum SearchMode: String, Sendable, Codable, CaseIterable { case search, filter }
  /// Whether the detail pane draws the person's photo (where the terminal can).
  public enum Photos: String, Sendable, Codable, CaseIterable { case on, off }

  public var clientId: String?
  public var authority: String
  public var graphEndpoint: String
  public var graphVersion: String
  /// One space-separated string, as OAuth sends it.
  public var scopes: String
  public var signIn: SignIn
  public var redirectUri: String
  /// The loopback port the browser sign-in listens on; nil picks a free one. A fixed port lets
  /// `ssh -L PORT:localhost:PORT` carry the redirect from a browser on another machine.
  public var redirectPort: Int?
  public var b2cPolicy: String?
  public var taskAPI: String?
  public var caFile: String?
  public var debounceMs: Int
  public var searchMode: SearchMode
  /// Keep a local index of the directory (issue 12) and search it when complete. `index` in the
  /// file (`on`/`off`), `ROSTER_INDEX` in the environment; `--demo` always indexes.
  public var index: Bool = true
  /// Photos in the detail pane (issue 13): `photos` in the file.
  public var photos: Photos
  /// The line-by-line browser instead of the full screen (issue 44): `screenReader` in the file
  /// (`on`/`off`), beside `--screen-reader` and `ACCESSIBLE`.
  public var screenReader: Bool = false
  /// The named profile these settings came from (`--profile`, `ROSTER_PROFILE`, the file's
  /// `profile` key); nil for the file's top level.
  public var profile: String? = nil
  /// The account to use (`--account`, `ROSTER_ACCOUNT`, the `account` key, in that order); nil
  /// for the active account.
  public var account: String? = nil
  /// The token cache key of the account these settings were resolved for (its authority, client
  /// id, scopes and Graph endpoint are in force); nil when none is signed in or chosen.
  public var accountKey: String? = nil

  public static let defaultScopes = "openid profile offline_access User.Read User.ReadBasic.All"

  public init(
    clientId: String? = nil,
    authority: String = "https://login.microsoftonline.com/organizations",
    graphEndpoint: String = "https://graph.microsoft.com",
    graphVersion: String = "v1.0",
    scopes: String = Settings.defaultScopes,
    signIn: SignIn = .auto,
    redirectUri: String = "http://localhost",
    b2cPolicy: String? = nil,
    taskAPI: String? = nil,
    caFile: String? = nil,
    debounceMs: Int = 150,
    searchMode: SearchMode = .search,
    photos: Photos = .on
  ) {
    self.clientId = clientId
    self.authority = authority
    self.graphEndpoint = graphEndpoint
    self.graphVersion = graphVersion
    self.scopes = scopes
    self.signIn = signIn
    self.redirectUri = redirectUri
    self.b2cPolicy = b2cPolicy
    self.taskAPI = taskAPI
    self.caFile = caFile
    self.debounceMs = debounceMs
    self.searchMode = searchMode
    self.redirectPort = nil
    self.photos = photos
  }
}
