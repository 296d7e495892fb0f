import ArgumentParser
import SearchRules

/// "Did you mean `roster search`?" for a mistyped subcommand (`roster serach`), as git and gh do.
/// Without it argument-parser takes the word for an unexpected argument of the full-screen UI and
/// says only that, which does not tell a newcomer the word was nearly right.
enum SubcommandSuggestion {
  /// The suggestion for `arguments` (without the program name), or nil when the first word is
  /// an option, a known subcommand, or near none of them.
  static func message(arguments: [String], subcommands: [any ParsableCommand.Type]) -> String? {
    guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
    let typed = word.lowercased()
    let names = subcommands.compactMap { $0.configuration.commandName }
    guard !names.contains(typed) else { return nil }
    // One edit for short names, two for longer ones: "serach" → search, "acounts" → accounts,
    // but "xyz" → nothing.
    let limit = typed.count <= 4 ? 1 : 2
    let near = names.compactMap { name in EditDistance.between(typed, name, limit: limit).map { (name, $0) } }
      .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    guard let best = near.first else { return nil }
    return "roster: '\(word)' is not a roster command. Did you mean `roster \(best.0)`? (`roster --help` lists them.)"
  }
}
