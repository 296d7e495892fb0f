import RosterCore

/// A view-controller's keys: the rows that dispatch them and the help that describes them.
///
/// Dispatch on its own (`handle`): the first active row whose keys or aliases contain the key
/// runs; otherwise the fallback row (if any); otherwise `.ignored`. A pane's table in front of the
/// global one (`handle(_:in:before:)`): the pane's rows, then the global table's, then the pane's
/// fallback, so a pane never needs to repeat a global key to keep it from being typed. Help: every
/// active row with a `help` text, in order. Tables are built per state (`ViewController.keyTable(in:)`),
/// so labels and hints can follow it.
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

  /// Runs `key` with `global` behind this (a pane's) table: a row of this table that claims it;
  /// else the global row that claims it, unless this table's fallback types it (`over`); else
  /// this table's fallback. A row answering `.ignored` passes the key on to the global table.
  public func handle(_ key: Key, in state: AppState, before global: KeyTable) -> KeyResult {
    let fallback = commands.first(where: \.isFallback)
    if let row = commands.first(where: { $0.claims(key) }) {
      let result = row.run(key, state)
      return result == .ignored ? global.handleClaimed(key, in: state) : result
    }
    if let fallback, fallback.takesOverGlobal(key) { return fallback.run(key, state) }
    let result = global.handleClaimed(key, in: state)
    guard result == .ignored, let fallback else { return result }
    return fallback.run(key, state)
  }

  /// Runs the row that claims `key`, leaving the fallback out.
  private func handleClaimed(_ key: Key, in state: AppState) -> KeyResult {
    commands.first { $0.claims(key) }?.run(key, state) ?? .ignored
  }

  /// Whether this (a pane's) table takes `key` ahead of the global table: one of its rows claims
  /// it, or its fallback types it (`over`).
  public func takes(_ key: Key) -> Bool {
    commands.contains { $0.claims(key) || $0.takesOverGlobal(key) }
  }

  /// The help rows of this (the global) table for a pane whose `pane` table is in front: each row
  /// names only the keys that reach it there (`always` reach it everywhere), and a row none
  /// reaches is left out.
  public func bindings(behind pane: KeyTable, always: Set<Key>) -> [KeyBinding] {
    commands.compactMap { command in
      guard let help = command.help, command.isActive else { return nil }
      let reaches = { (key: Key) in always.contains(key) || !pane.takes(key) }
      // With every named key taken, an alias that still reaches it is named instead ("F1 help"
      // while `?` is typed into a field).
      var keys = command.keys.filter(reaches)
      if keys.isEmpty { keys = command.aliases.filter(reaches) }
      guard !keys.isEmpty else { return nil }
      let label = keys == command.keys ? command.label : keys.map(\.label).joined(separator: "/")
      return KeyBinding(label, help, hint: command.isHint)
    }
  }

  /// The rows for `?` help and, those marked as hints, the status bar: only rows that take their
  /// keys in this state (help says what works now).
  public var bindings: [KeyBinding] { commands.filter(\.isActive).compactMap(\.binding) }
}
