import ArgumentParser
import Foundation
import RosterCore

/// `roster --screen-reader` (or `ACCESSIBLE`, or the `screenReader` setting): the line-by-line
/// browser of issue 44 instead of the full screen. A prompt, numbered results, a labelled card,
/// numbered actions; `LineSession` decides, this loop reads, asks the directory and prints.
enum ScreenReaderCommand {
  /// Whether the line mode runs: the flag, `ACCESSIBLE`, or the setting (a settings file that
  /// cannot be read is left to the full run to report).
  static func chosen(flag: Bool, _ options: TUIOptions) -> Bool {
    let environment = ProcessInfo.processInfo.environment
    if ScreenReaderMode.isRequested(flag: flag, environment: environment, setting: false) { return true }
    let settings = try? options.common.loadSettingsOnly(signIn: nil, redirectPort: nil, profile: options.common.profile)
    return settings?.screenReader == true
  }

  static let welcome = "Roster, line by line. Type a name and press Enter; ? for help, q to quit."

  static func run(_ options: TUIOptions) async throws {
    if options.b2c {
      throw ValidationError("--b2c opens the task list, which has no line-by-line mode; leave out --screen-reader.")
    }
    try await DirectoryCommand.runSignedIn(common: options.common, demo: options.demoOptions) { client, graph in
      let directory = LineDirectory(client: client, graph: graph, common: options.common, demo: options.demoOptions)
      let terminal = LineTerminal()
      terminal.start()
      defer { terminal.restore() }
      terminal.say([welcome])
      var session = LineSession()
      while let line = await terminal.readLine(prompt: session.prompt) {
        let step = session.read(CleanText(line).string)
        if case .quit = step { return }
        terminal.say(await perform(step, &session, directory))
      }
    }
  }

  /// Does what a line asked for; a failure is said and the prompt comes back.
  private static func perform(_ step: LineStep, _ session: inout LineSession, _ directory: LineDirectory) async
    -> [String]
  {
    do {
      switch step {
      case .quit: return []
      case .say(let lines): return lines
      case .search(let text): return session.searched(try await directory.search(text))
      case .open(let id): return session.opened(try await directory.card(id))
      case .memberOf(let person): return LineText.groupLines(try await directory.groups(of: person), of: person)
      }
    } catch let error as DirectoryError {
      return [DirectoryCommand.describe(error)]
    } catch let problem as LineProblem {
      return [problem.message]
    } catch {
      return [CleanText("\(error)", maxCharacters: 2000).string]
    }
  }
}
