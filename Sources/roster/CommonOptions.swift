import AppRuntime
import ArgumentParser
import Foundation
import Identity
import RosterCore
import TerminalUI
import Transport

/// The options every command that signs in or calls Graph shares: where settings come from and
/// the overrides for client id, authority, tenant and Graph URL.
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
    name: .customLong("redirect-port"),
    help: ArgumentHelp(
      "Loopback port for the browser sign-in's redirect (overrides redirectPort); fixed, so `ssh -L` can carry it.",
      valueName: "port"))
  var redirectPort: Int?

  @Flag(name: .customLong("no-persist"), help: "Keep tokens in memory only; never read or write the token cache.")
  var noPersist = false

  var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// Settings from file, environment and these flags; a bad file is exit 1 with its message.
  func loadSettings(signIn: Settings.SignIn? = nil) throws -> Settings {
    let overrides = Settings.Overrides(
      configFile: config, clientId: clientId, authority: authority, graphURL: graphURL, tenant: tenant, signIn: signIn,
      redirectPort: redirectPort)
    do {
      return try Settings.load(overrides: overrides, environment: environment)
    } catch {
      Console.error("roster: \(error.message)")
      throw ExitCode(1)
    }
  }

  /// The one shared transport for this process (identity and Graph), trusting the extra CA file.
  func makeTransport(settings: Settings) throws -> LiveHTTPTransport {
    do {
      return try LiveHTTPTransport(configuration: .fromEnvironment(environment, caFile: settings.caFile))
    } catch {
      Console.error("roster: \(error)")
      throw ExitCode(1)
    }
  }

  /// The token cache: the profile's file, or memory with `--no-persist`.
  /// Warnings (repaired permissions) go to `warn`: stderr for the commands, the status line in the UI.
  func makeTokenStore(warn: @escaping @Sendable (String) -> Void = { Console.error($0) }) -> any TokenStore {
    if noPersist { return MemoryTokenStore() }
    return FileTokenStore(directory: Settings.stateDirectory(environment: environment), warn: warn)
  }

  /// Settings, transport, token store and sign-in session, or the app-registration checklist
  /// (exit 3) when no client id is configured.
  func makeRuntime(signIn: Settings.SignIn? = nil) throws -> CommandRuntime {
    let settings = try loadSettings(signIn: signIn)
    let configuration: IdentityConfiguration
    do {
      configuration = try IdentityConfiguration(settings: settings)
    } catch let failure where failure.error == "missing_client_id" {
      Console.error(Settings.appRegistrationChecklist)
      throw ExitCode(3)
    } catch {
      Console.error("roster: \(error.displayLine)")
      throw ExitCode(1)
    }
    let transport = try makeTransport(settings: settings)
    let store = makeTokenStore()
    let session = IdentitySession(
      configuration: configuration, transport: transport, store: store,
      opener: BrowserOpener.find(environment: environment))
    return CommandRuntime(settings: settings, transport: transport, store: store, session: session)
  }
}

/// What a command that signs in or calls Graph works with; Graph commands use `transport` and
/// `session` (an `AccessTokenProvider`) or `AuthClient.live(session:)`.
struct CommandRuntime {
  let settings: Settings
  let transport: LiveHTTPTransport
  let store: any TokenStore
  let session: IdentitySession
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
