import ArgumentParser
import RosterCore

/// A `--log-level` that is not a level, said with the usage of the command it was given to.
/// The root command has the option too (its `CommonOptions`) and argument-parser validates the
/// root first, so `roster search --log-level verbose ada` printed the root's usage; `Roster.main`
/// asks this first and prints the subcommand's.
enum LogLevelUsage {
  /// The whole message (error, usage, where help is), or nil when the level is fine or absent.
  static func message(arguments: [String]) -> String? {
    var rest: [String] = []
    var bad: String?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        rest += arguments[index...]
        break
      }
      if argument == "--log-level", index + 1 < arguments.count {
        if LogLevelChoice(rawValue: arguments[index + 1].lowercased()) == nil { bad = arguments[index + 1] }
        index += 2
        continue
      }
      if argument.hasPrefix("--log-level=") {
        let value = String(argument.dropFirst("--log-level=".count))
        if LogLevelChoice(rawValue: value.lowercased()) == nil { bad = value }
        index += 1
        continue
      }
      rest.append(argument)
      index += 1
    }
    guard let bad else { return nil }
    let parsed = (try? Roster.parseAsRoot(rest)).map { type(of: $0) } ?? Roster.self
    // The root's usage has two lines; argument-parser indents the second under the first.
    let usage = Roster.usageString(for: parsed).replacingOccurrences(of: "\n", with: "\n       ")
    let path = usage.split(separator: " ").prefix { !["[", "<", "-"].contains($0.first) }.joined(separator: " ")
    return "Error: --log-level must be debug, info or warning, not “\(CleanText(bad))”.\n"
      + "Usage: \(usage)\n  See '\(path) --help' for more information."
  }
}
