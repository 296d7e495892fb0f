import ArgumentParser
import Foundation

/// The command definitions as swift-argument-parser describes them (`_dumpHelp()`, the JSON behind
/// `--experimental-dump-help`): the one source the man page and its checks read, so a
/// subcommand or option another engineer adds appears there without touching this code.
struct CommandTree: Decodable {
  struct Command: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool?
    var subcommands: [Command]?
    var arguments: [Argument]?

    var visibleSubcommands: [Command] {
      (subcommands ?? []).filter { $0.shouldDisplay != false && $0.commandName != "help" }
    }
    var visibleArguments: [Argument] {
      (arguments ?? []).filter { $0.shouldDisplay && $0.preferredName?.name != "help" }
    }
  }

  struct Argument: Decodable, Equatable {
    struct Name: Decodable, Equatable {
      var kind: String
      var name: String
    }
    var kind: String
    var shouldDisplay: Bool
    var isOptional: Bool
    var isRepeating: Bool
    var names: [Name]?
    var preferredName: Name?
    var valueName: String?
    var defaultValue: String?
    var allValues: [String]?
    var abstract: String?
    var discussion: String?

    var isPositional: Bool { kind == "positional" }
    var takesValue: Bool { kind == "option" }
    /// The long name with its dashes, or the value name of a positional argument.
    var label: String {
      if isPositional { return valueName ?? preferredName?.name ?? "value" }
      let name = preferredName ?? names?.first
      return (name?.kind == "short" ? "-" : "--") + (name?.name ?? "")
    }
  }

  var command: Command

  /// The tree of `Roster` as this binary defines it.
  static func current() throws -> CommandTree {
    try JSONDecoder().decode(CommandTree.self, from: Data(Roster._dumpHelp().utf8))
  }
}
