import AppRuntime
import ArgumentParser
import Foundation
import Identity
import RosterCore
import TerminalUI
import Transport

/// The settings every command that signs in or calls Graph shares: where they come from and the
/// overrides for client id, authority, tenant and Graph URL. Commands declare this group last, so
/// their own options come first in `--help` (a titled group would be listed before them).
struct CommonOptions: ParsableArguments {
  @Option(
    name: .customLong("config"),
    help: ArgumentHelp(
      "Settings file (default: $ROSTER_CONFIG, else $XDG_CONFIG_HOME/roster/settings.plist).", valueName: "file"))
  var config: String?

  @Option(help: ArgumentHelp("Sign-in authority URL (overrides authority, ROSTER_AUTHORITY).", valueName: "url"))
  var authority: String?

  @Option(
    name: .customLong("client-id"),
    help: ArgumentHelp(
      "Application (client) ID of your app registration (overrides clientId, ROSTER_CLIENT_ID).", valueName: "id"))
  var clientId: String?

  @Option(
    name: .customLong("graph-url"),
    help: ArgumentHelp(
      "Microsoft Graph base URL (overrides graphEndpoint, ROSTER_GRAPH_URL).", valueName: "url"))
  var graphURL: String?

  @Option(
    help: ArgumentHelp(
      "Tenant id or domain, put into the authority in place of its tenant.", valueName: "tenant"))
  var tenant: String?

  @Option(
    help: ArgumentHelp(
      "Use this signed-in account for this command only: its number in `roster accounts`, its name, its user name, "
        + "or user/tenant (overrides ROSTER_ACCOUNT and the account setting).", valueName: "account"))
  var account: String?

  @Option(
    help: ArgumentHelp(
      "Use this named profile of the settings file (overrides ROSTER_PROFILE and the profile setting).",
      valueName: "name"))
  var profile: String?

  @Option(
    name: .customLong("log-level"),
    help: ArgumentHelp(
      "What goes to the log file $XDG_STATE_HOME/roster/roster.log (default: $ROSTER_LOG, else warning). "
        + "(values: debug, info, warning)",
      valueName: "level"),
    completion: .list(LogLevelChoice.allCases.map(\.rawValue)))
  /// Declared for help, the manual and completion; the value is read from the arguments before
  /// parsing (`RosterLog`) and checked there too (`LogLevelUsage`, with the subcommand's usage: as
  /// a parsed `LogLevelChoice` the root, which has the option too, claimed the failure).
  var logLevel: String?

  var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Settings from file, environment and these flags, with the chosen account's own authority,
  /// client id, scopes and Graph endpoint in force (`AccountChoice`; `useActive` false for
  /// `roster login`, which signs in from the settings unless an account is named). A bad file is
  /// exit 1 with its message; a named account that is not signed in is exit 3.
  func loadSettings(
    signIn: Settings.SignIn? = nil, redirectPort: Int? = nil, useActive: Bool = true, persist: Bool = true,
    warn: @escaping @Sendable (String) -> Void = { Console.error($0) }
  ) throws -> Settings {
    try loadSettingsAndCache(
      signIn: signIn, redirectPort: redirectPort, useActive: useActive, persist: persist, warn: warn
    )
    .settings
  }

  /// `loadSettings`, with the token cache it chose the account from (empty when `persist` is
  /// false): an `--offline` command names its account from it without reading it again.
  func loadSettingsAndCache(
    signIn: Settings.SignIn? = nil, redirectPort: Int? = nil, useActive: Bool = true, persist: Bool = true,
    warn: @escaping @Sendable (String) -> Void = { Console.error($0) }
  ) throws -> (settings: Settings, cache: TokenCacheFile) {
    var settings = try loadSettingsOnly(signIn: signIn, redirectPort: redirectPort, profile: profile)
    if let unknown = Settings.unknownKeysWarning(configFile: config, environment: environment) {
      warn("roster: \(unknown)")
    }
    let explicitProfile = profile != nil || environment["ROSTER_PROFILE"].map { !$0.isEmpty } == true
    guard persist || settings.account != nil else { return (settings, TokenCacheFile()) }
    let file: TokenCacheFile
    do {
      file = persist ? try fileTokenStore(warn: warn).snapshot() : TokenCacheFile()
    } catch {
      let message = (error as? SignInFailure)?.displayLine ?? "\(error)"
      throw CommandStop(exitCode: 1, message: "roster: \(message)", summary: message)
    }
    let context = AccountChoice.Context(
      explicitConfiguration: authority != nil || clientId != nil || tenant != nil, explicitProfile: explicitProfile,
      useActive: useActive)
    let chosen: (key: String, entry: CachedAccount)?
    do {
      chosen = try AccountChoice.choose(settings: settings, file: file, context: context)
    } catch {
      throw CommandStop(exitCode: 3, message: "roster: \(error.message)", summary: error.message)
    }
    guard let chosen else { return (settings, file) }
    // The account's profile (its task API, photos…) unless another one was asked for.
    if !explicitProfile, let own = chosen.entry.profile, own != settings.profile,
      let reloaded = try? loadSettingsOnly(signIn: signIn, redirectPort: redirectPort, profile: own)
    {
      settings = reloaded
    }
    return (AccountChoice.applying(chosen, to: settings), file)
  }

  /// Settings from file, environment and flags alone, with `profile` as the profile flag.
  func loadSettingsOnly(signIn: Settings.SignIn?, redirectPort: Int?, profile: String?) throws -> Settings {
    let overrides = Settings.Overrides(
      configFile: config, clientId: clientId, authority: authority, graphURL: graphURL, tenant: tenant, signIn: signIn,
      redirectPort: redirectPort, profile: profile, account: account)
    do {
      return try Settings.load(overrides: overrides, environment: environment)
    } catch {
      throw CommandStop(exitCode: 1, message: "roster: \(error.message)", summary: error.message)
    }
  }

  /// The token cache file in the state directory (warnings to stderr).
  func fileTokenStore(warn: @escaping @Sendable (String) -> Void = { Console.error($0) }) -> FileTokenStore {
    FileTokenStore(directory: Settings.stateDirectory(environment: environment), warn: warn)
  }

  /// The one shared transport for this process (identity and Graph), trusting the extra CA file.
  func makeTransport(settings: Settings) throws -> LiveHTTPTransport {
    do {
      return try LiveHTTPTransport(configuration: .fromEnvironment(environment, caFile: settings.caFile))
    } catch {
      throw CommandStop(exitCode: 1, message: "roster: \(error)", summary: "\(error)")
    }
  }

  /// The token cache: the profile's file, or memory when `persist` is false (`--no-persist`).
  /// Warnings (repaired permissions) go to `warn`: stderr for the commands, the status line in the UI.
  func makeTokenStore(persist: Bool = true, warn: @escaping @Sendable (String) -> Void = { Console.error($0) })
    -> any TokenStore
  {
    if !persist { return MemoryTokenStore() }
    return fileTokenStore(warn: warn)
  }

  /// Settings, transport, token store and sign-in session from the settings and the token cache;
  /// with `demo`, the embedded sandbox tenant instead, already signed in (`DemoRuntime`; `b2c`
  /// for the task list's B2C half). Without
  /// a client id: the app-registration checklist, exit 3.
  func makeRuntime(
    demo: DemoOptions? = nil, b2c: Bool = false, signIn: Settings.SignIn? = nil, session options: SignInOptions? = nil,
    isLogin: Bool = false, accountName: String? = nil
  ) async throws -> CommandRuntime {
    if let demo, demo.demo { return try await DemoRuntime.start(b2c: b2c, environment: environment) }
    let settings = try loadSettings(
      signIn: signIn, redirectPort: options?.redirectPort, useActive: !isLogin,
      persist: !(options?.noPersist ?? false))
    return try makeRuntime(settings: settings, options, accountName: accountName)
  }

  /// The runtime for settings already loaded (`roster tasks` checks `taskAPI` in them first).
  func makeRuntime(settings: Settings, _ options: SignInOptions? = nil, accountName: String? = nil) throws
    -> CommandRuntime
  {
    var configuration = try identityConfiguration(settings)
    configuration.accountName = accountName
    let transport = try makeTransport(settings: settings)
    let store = makeTokenStore(persist: !(options?.noPersist ?? false))
    let session = IdentitySession(
      configuration: configuration, transport: transport, store: store,
      opener: BrowserOpener.find(environment: environment), accountKey: settings.accountKey)
    return CommandRuntime(
      settings: settings, transport: transport, store: store, session: session, environment: environment)
  }
}

extension CommonOptions {
  /// The sign-in's configuration from the settings: without a client id the app-registration
  /// checklist (exit 3), another problem exit 1.
  func identityConfiguration(_ settings: Settings) throws -> IdentityConfiguration {
    do {
      return try IdentityConfiguration(settings: settings)
    } catch let failure where failure.error == "missing_client_id" {
      throw CommandStop.notConfigured
    } catch {
      throw CommandStop(exitCode: 1, message: "roster: \(error.displayLine)", summary: error.displayLine)
    }
  }
}

/// The interactive sign-in's own options: only `roster login` and the full-screen UI sign in
/// interactively, so only they offer these.
struct SignInOptions: ParsableArguments {
  @Option(
    name: .customLong("redirect-port"),
    help: ArgumentHelp(
      "Loopback port for the browser sign-in's redirect (overrides redirectPort); fixed, so `ssh -L` can carry it.",
      valueName: "port"))
  var redirectPort: Int?

  @Flag(name: .customLong("no-persist"), help: "Keep tokens in memory only; never read or write the token cache.")
  var noPersist = false
}

/// `--demo` for the commands that read the directory or the task list: the embedded sandbox
/// tenant with the demo organisation, signed in by itself, tokens in memory, nothing left on disk.
struct DemoOptions: ParsableArguments {
  @Flag(
    name: .long,
    help: "Use a built-in sandbox tenant with a demo organisation: no account needed, nothing kept on disk.")
  var demo = false

  /// `--offline` beside `--demo` is a validation error in every command that has both.
  func refuse(offline: Bool) throws {
    if offline && demo {
      throw ValidationError("--offline has no index to read with --demo: every --demo run starts a new sandbox tenant.")
    }
  }
}

/// What a command that signs in or calls Graph works with; Graph commands use `transport` and
/// `session` (an `AccessTokenProvider`) or `AuthClient.live(session:)`. `environment` is where
/// files go (the index's cache directory): the process's own, or a throw-away one for `--demo`.
struct CommandRuntime: Sendable {
  let settings: Settings
  let transport: LiveHTTPTransport
  let store: any TokenStore
  let session: IdentitySession
  let environment: [String: String]
}

/// Why a command stops before doing its work: the full message for stderr, a one-line summary
/// (what `roster query` shows mutt on its first line), and the exit code
/// (docs/guide-search.md#looking-people-up-from-scripts). `Roster.main` prints the message and exits with the code.
struct CommandStop: Error {
  var exitCode: Int32
  var message: String
  var summary: String

  /// No client id anywhere: the app-registration checklist, exit 3 (as `roster login` documents).
  static let notConfigured = CommandStop(
    exitCode: 3, message: Settings.appRegistrationChecklist,
    summary: "Roster is not set up: no client id (run `roster` or `roster login --help`)")

  /// No cached sign-in for the configured client: exit 3.
  static let notSignedIn = CommandStop(
    exitCode: 3, message: "roster: Not signed in. Run `roster login` first.",
    summary: "not signed in; run `roster login`")
}

/// Terminal output helpers: messages go to stderr so stdout stays for data.
enum Console {
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Puts `text` on the terminal's clipboard with OSC 52 (only a user code, never a token).
  static func copyToClipboard(_ text: String) {
    guard stdoutIsTerminal else { return }
    FileHandle.standardOutput.write(Data(ClipboardSequence.osc52(text).utf8))
  }
}
