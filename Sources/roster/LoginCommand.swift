import ArgumentParser
import Foundation
import Identity
import RosterCore

/// `roster login`: an interactive sign-in that caches the tokens; messages on stderr.
struct LoginCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Sign in with a device code or the browser and cache the tokens.",
    discussion: """
      Without --device-code or --browser, the signIn setting decides (auto: device code over SSH or \
      without a display, else the browser). Exits 0 once signed in, 3 when sign-in failed. The account is \
      added beside those already signed in and becomes the active one; signing in again as the same person \
      in the same tenant replaces that account's tokens. --account signs in again as that account, with the \
      authority and client id it signed in with.
      """)

  @Flag(name: .customLong("device-code"), help: "Sign in with a code entered on another device.")
  var deviceCode = false

  @Flag(help: "Sign in in a browser (paste the redirect URL here if the browser runs elsewhere).")
  var browser = false

  @Option(
    help: ArgumentHelp(
      "A short name for the account, for --account NAME and `roster accounts use NAME`.", valueName: "name"))
  var name: String?

  @OptionGroup var signIn: SignInOptions

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if deviceCode && browser { throw ValidationError("Choose one of --device-code and --browser.") }
    if let name {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || Int(trimmed) != nil || trimmed.contains("/") || trimmed.count > 64
        || trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      {
        throw ValidationError("--name must be a short word that is not a number and has no “/” (e.g. work).")
      }
    }
  }

  func run() async throws {
    let requested: Settings.SignIn? = deviceCode ? .deviceCode : browser ? .browser : nil
    let runtime = try await common.makeRuntime(
      signIn: requested, session: signIn, isLogin: true,
      accountName: name?.trimmingCharacters(in: .whitespaces))
    let session = runtime.session
    let chosen = SignInMethodChooser.choose(
      setting: runtime.settings.signIn, authority: session.configuration.authority,
      environment: common.environment, hasOpener: session.opener != nil)
    let method: SignInMethod
    switch chosen {
    case .success(let value): method = value
    case .failure(let failure):
      Console.error("roster: \(failure.displayLine)")
      throw ExitCode(3)
    }
    let (events, continuation) = AsyncStream<SignInEvent>.makeStream()
    let handle = session.signIn(method: method) { continuation.yield($0) }
    defer { handle.cancel() }
    for await event in events {
      switch event {
      case .deviceCodeIssued(let prompt): Self.show(prompt)
      case .waitingForUser(let slowDown):
        if slowDown { Console.error("The sign-in service asked Roster to poll more slowly; still waiting…") }
      case .browserOpened(let url, _):
        Self.showBrowser(url: url.string, opened: session.opener != nil)
        Self.readPastedRedirects(session: session)
      case .signedIn(let account):
        Console.error(
          "Signed in as \(account.username) (tenant \(account.tenantId))."
        )
        return
      case .failed(let failure):
        Console.error("roster: sign-in failed: \(failure.displayLine)")
        throw ExitCode(3)
      }
    }
  }

  private static func show(_ prompt: DeviceCodePrompt) {
    Console.error("To sign in, open \(prompt.verificationURI) in a browser and enter the code \(prompt.userCode)")
    // The service's message is the same instruction again ("…open the page … and enter the code
    // ABCD…") when it names the code: printed only when it says something else.
    if let message = prompt.message, !message.isEmpty, !message.string.contains(prompt.userCode.string) {
      Console.error(message.string)
    }
    let minutes = max(1, Int((prompt.expiresAt.timeIntervalSinceNow / 60).rounded()))
    Console.error("The code expires in about \(minutes) minutes. Waiting for you to sign in…")
    if Console.stdoutIsTerminal {
      Console.copyToClipboard(prompt.userCode.string)
      Console.error("(The code was copied to your clipboard, if your terminal allows it.)")
    }
  }

  private static func showBrowser(url: String, opened: Bool) {
    Console.error(opened ? "Opening your browser to sign in. If it does not open, visit:" : "To sign in, visit:")
    Console.error("  \(url)")
    Console.error(
      "If the browser runs on another machine, paste here the address it ends up on "
        + "(http://localhost:…) and press Enter.")
  }

  /// Reads pasted redirect URLs from stdin (a terminal or a script's pipe) on a background thread
  /// until one is accepted; at end of input it simply stops.
  private static func readPastedRedirects(session: IdentitySession) {
    Thread.detachNewThread {
      while let line = readLine() {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { continue }
        if session.submitRedirectURL(text) { return }
        Console.error("roster: \(session.redirectRefusalReason(text) ?? "That URL was not accepted.")")
      }
    }
  }
}
