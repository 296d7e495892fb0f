import ArgumentParser
import Diagnostics
import Foundation
import RosterCore

/// `--log-level`: how much goes to the log file.
enum LogLevelChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
  case debug, info, warning

  var swiftLog: Logger.Level {
    switch self {
    case .debug: return .debug
    case .info: return .info
    case .warning: return .warning
    }
  }
}

/// The log for the bad day: `$XDG_STATE_HOME/roster/roster.log` (default
/// `~/.local/state/roster/roster.log`), one structured line per event through swift-log.
///
/// Set up before the command line is parsed, so even a failing parse's network calls… there are
/// none; but every command's first HTTP call is. The level is `--log-level` (scanned from the
/// arguments here; the option itself belongs to `CommonOptions`, so help, man page and completions
/// name it), else `ROSTER_LOG`, else `warning`: failing calls with their request ids are kept even
/// when nobody asked. Never the terminal: the full-screen UI owns it, and the CLI's stderr stays
/// for the messages it prints today. `--demo` logs only when a level is asked for: it promises to
/// leave nothing on disk.
enum RosterLog {
  static let fileName = "roster.log"

  static func file(environment: [String: String]) -> URL {
    Settings.stateDirectory(environment: environment).appendingPathComponent(fileName)
  }

  /// The level `--log-level` or `ROSTER_LOG` asks for; nil when neither does. A value that is
  /// not a level is left to the parser (`--log-level`) or ignored with a warning (`ROSTER_LOG`).
  static func requestedLevel(arguments: [String], environment: [String: String]) -> LogLevelChoice? {
    var index = 0
    while index < arguments.count, arguments[index] != "--" {
      let argument = arguments[index]
      if argument == "--log-level", index + 1 < arguments.count {
        return LogLevelChoice(rawValue: arguments[index + 1].lowercased())
      }
      if argument.hasPrefix("--log-level=") {
        return LogLevelChoice(rawValue: String(argument.dropFirst("--log-level=".count)).lowercased())
      }
      index += 1
    }
    guard let value = environment["ROSTER_LOG"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    guard let level = LogLevelChoice(rawValue: value.lowercased()) else {
      Console.error("roster: ROSTER_LOG must be debug, info or warning, not “\(CleanText(value))”; logging warnings.")
      return nil
    }
    return level
  }

  /// Installs the file handler for the whole process (once, before anything logs).
  static func bootstrap(arguments: [String], environment: [String: String]) {
    let requested = requestedLevel(arguments: arguments, environment: environment)
    if requested == nil, arguments.contains("--demo") { return }
    let level = requested ?? .warning
    let file = LogFile(path: file(environment: environment).path)
    LoggingSystem.bootstrap { label in LogLineHandler(label: label, file: file, logLevel: level.swiftLog) }
    DiagnosticLog.enable()
    DiagnosticLog.logger("roster").debug(
      "started",
      metadata: [
        "version": "\(RosterVersion.number)", "commit": "\(buildCommit)",
        "command": "\(arguments.dropFirst().first { !$0.hasPrefix("-") } ?? "ui")",
      ])
  }
}
