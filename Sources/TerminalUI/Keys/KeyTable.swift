import RosterCore

/// A view-controller's keys: the rows that dispatch them and the help that describes them.
///
/// Dispatch: the first active row whose keys or aliases contain the key runs; otherwise the
/// fallback row (if any); otherwise `.ignored`. Help: every row with a `help` text, in order.
/// Tables are built per state (`ViewController.keyTable(in:)`), so labels and hints can follow it.
@MainActor
public struct KeyTable {
  public let commands: [KeyCommand]

  public init(_ commands: [KeyCommand]) {
    precondition(commands.filter(\.isFallback).count <= 1, "a key table has at most one fallback")
    self.commands = commands
  }

  /// The index of the row that gets `key`, nil when none does.
  public func index(for key: Key) -> Int? {
    commands.firstIndex { $0.claims(key) } ?? commands.firstIndex(where: \.isFallback)
  }

  /// Runs the row that gets `key`.
  public func handle(_ key: Key, in state: AppState) -> KeyResult {
    guard let index = index(for: key) else { return .ignored }
    return commands[index].run(key, state)
  }

  /// The rows for `?` help and, those marked as hints, the status bar.
  public var bindings: [KeyBinding] { commands.compactMap(\.binding) }
}
