import ArgumentParser
import Curses
import Foundation
import RosterCore
import TerminalUI

/// Options of the full-screen UI (the root command's own flags).
struct TUIOptions: ParsableArguments {
  @OptionGroup var demoOptions: DemoOptions

  @Flag(name: .long, help: "With --demo: the B2C half, a task list signed in through the sandbox's B2C policy.")
  var b2c = false

  @OptionGroup var signIn: SignInOptions

  @OptionGroup var common: CommonOptions

  var demo: Bool { demoOptions.demo }

  @Option(
    name: .long,
    help: ArgumentHelp("Touch this file whenever the app is idle (for end-to-end tests).", visibility: .hidden))
  var idleFile: String?

  func validate() throws {
    if b2c && !demo { throw ValidationError("--b2c goes with --demo; a real B2C profile is set in the settings.") }
  }
}

/// Starts the TUI: checks the terminal, composes the store, runs the event loop until quit.
enum TUICommand {
  static func run(_ options: TUIOptions) async throws {
    if let problem = TerminalCheck.currentProblem() {
      FileHandle.standardError.write(Data((problem + "\n").utf8))
      throw ExitCode(1)
    }
    let environment = ProcessInfo.processInfo.environment
    let composition: AppComposition
    do {
      composition =
        options.demo
        ? try await
          (options.b2c
          ? AppComposition.b2cDemo(environment: environment) : AppComposition.demo(environment: environment))
        : try AppComposition.live(options: options.common, signIn: options.signIn)
    } catch let exit as ExitCode {
      throw exit
    } catch let stop as CommandStop {
      throw stop
    } catch {
      let what = options.demo ? "the demo sandbox tenant could not start: " : ""
      FileHandle.standardError.write(
        Data("roster: \(what)\(CleanText("\(error)", maxCharacters: 2000))\n".utf8))
      throw ExitCode(1)
    }
    await MainActor.run {
      let store = composition.makeStore()
      let session = TerminalSession(environment: environment)
      let app = TerminalApp(store: store, session: session, idleFile: options.idleFile)
      app.start()
      TUICommand.running = app
    }
    // The main queue now drives everything; the process ends in `EventLoop.finish`.
    while true { try await Task.sleep(for: .seconds(3600)) }
  }

  /// Keeps the app alive for the life of the process.
  @MainActor static var running: TerminalApp?
}
