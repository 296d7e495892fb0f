import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// Every key table (master list, detail, sign-in, setup, global, help overlay) in the states that
/// change it: each row's keys reach that row, each row's label names exactly its keys, and the
/// `?` overlay and the hint bar show nothing but the table's rows.
@MainActor
@Suite struct KeyTableTests {
  struct Case {
    var name: String
    var state: AppState
    var root: RootViewController
    var table: KeyTable
  }

  static func states() -> [(String, AppState)] {
    var detail = ScreenFixtures.results(rows: 40, cols: 120)
    detail.focus = .detail
    var single = ScreenFixtures.results(rows: 20, cols: 50)
    single.focus = .detail
    single.singlePaneDetailOpen = true
    var browser = ViewControllerSnapshotTests.deviceCode(rows: 24, cols: 80)
    browser.login.phase = .browser(url: "https://login.example/authorize", listeningOn: nil)
    var pasted = browser
    pasted.login.redirectField = Secret("http://localhost/?code=abc")
    var banner = ScreenFixtures.main(rows: 24, cols: 80)
    banner.banner = Banner(message: "Copied", expiresAt: ScreenFixtures.epoch)
    var detailQuery = detail
    detailQuery.field.query = "al"
    var detailEmpty = detail
    detailEmpty.field.query = ""
    let tasks = TaskListScreenTests.state(rows: 24, cols: 80)
    var draft = tasks
    draft.tasks.draft = "buy"
    var confirming = tasks
    confirming.tasks.confirmingDelete = "2"
    return [
      ("list, empty query", ScreenFixtures.main(rows: 24, cols: 80)),
      ("list, results", ScreenFixtures.results(rows: 24, cols: 80)),
      ("list, one pane", ScreenFixtures.results(rows: 20, cols: 50)),
      ("detail, side by side", detail),
      ("detail, one pane", single),
      ("sign-in, device code", ViewControllerSnapshotTests.deviceCode(rows: 24, cols: 80)),
      ("sign-in, browser", browser),
      ("sign-in, browser with a URL", pasted),
      ("setup", AppState(settings: Settings(), now: ScreenFixtures.epoch)),
      ("banner", banner),
      ("detail, query typed", detailQuery),
      ("detail, query empty", detailEmpty),
      ("tasks", tasks),
      ("tasks, a draft", draft),
      ("tasks, confirming a delete", confirming),
    ]
  }

  /// The focused pane's, the global and the help overlay's table for every state; the help
  /// overlay is drawn at 40×12 first so that its scroll rows are active.
  static func cases() -> [Case] {
    var cases: [Case] = []
    for (name, state) in states() {
      let root = RootViewController()
      let pane = root.focused(state).keyTable(in: state)
      cases.append(Case(name: name + ": pane", state: state, root: root, table: pane))
      cases.append(Case(name: name + ": global", state: state, root: root, table: root.globalTable(state)))
    }
    let root = RootViewController()
    var help = ScreenFixtures.results(rows: 12, cols: 40)
    help.isHelpVisible = true
    var buffer = ScreenBuffer(rows: 12, cols: 40)
    root.render(help, into: &buffer)
    cases.append(Case(name: "help overlay", state: help, root: root, table: root.helpTable(help)))
    return cases
  }

  @Test func everyRowsKeysReachItsHandler() {
    for item in Self.cases() {
      for (index, command) in item.table.commands.enumerated() where !command.isFallback && command.isActive {
        for key in command.keys + command.aliases {
          #expect(item.table.index(for: key) == index, "\(item.name): \(key) is taken by an earlier row")
          #expect(item.table.handle(key, in: item.state) != .ignored, "\(item.name): \(key) is not handled")
        }
      }
      let fallbacks = item.table.commands.filter(\.isFallback)
      #expect(fallbacks.count <= 1, "\(item.name)")
    }
  }

  /// A row's label names exactly its keys ("Ctrl-U/K/W" names Ctrl-U, Ctrl-K and Ctrl-W).
  @Test func labelsNameTheirKeys() {
    for item in Self.cases() {
      for command in item.table.commands where !command.isFallback {
        #expect(
          Self.keyNames(inLabel: command.label) == Set(command.keys.map(\.label)),
          "\(item.name): \"\(command.label)\" vs \(command.keys)")
      }
    }
  }

  /// The `?` overlay lists the focused pane's rows and the global rows, nothing else, and the hint
  /// bar shows the pane's hint rows.
  @Test func helpAndHintsComeFromTheTables() {
    for (name, state) in Self.states() {
      let root = RootViewController()
      var open = state
      open.terminal = TerminalSize(rows: 60, cols: 120)
      let pane = root.focused(open).keyTable(in: open)
      let global = root.globalBindings(open)
      open.isHelpVisible = true
      var buffer = ScreenBuffer(rows: 60, cols: 120)
      root.render(open, into: &buffer)
      let lines = (0..<buffer.rows).map { buffer.text(ofRow: $0) }
      let rows = lines.compactMap { line -> String? in
        let parts = line.split(separator: "│", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let inside = parts[parts.count - 2]
        guard inside.hasPrefix(" "), !inside.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return inside.split(separator: " ").joined(separator: " ")
      }
      // With the list focused, the field's filters and lookups end the help (issue 40).
      let expected = (pane.bindings + global + root.searchSyntaxBindings(open)).map {
        "\($0.keys) \($0.help)".split(separator: " ").joined(separator: " ")
      }
      #expect(rows == expected, "\(name)")
      var hintBuffer = ScreenBuffer(rows: 60, cols: 200)
      var wide = state
      wide.terminal = TerminalSize(rows: 60, cols: 200)
      RootViewController().render(wide, into: &hintBuffer)
      #expect(
        hintBuffer.text(ofRow: 59).trimmingCharacters(in: .whitespaces)
          == KeyBinding.hints(root.focused(wide).keyTable(in: wide).bindings + root.globalBindings(wide)), "\(name)")
    }
  }

  /// Issue 18 item 4: a global key is one row, in the root's table; no pane declares `?`, `q`,
  /// Tab, F1 or Ctrl-C again (a pane that types them says so with `KeyCommand.over`).
  @Test func noPaneDeclaresAGlobalKey() {
    for (name, state) in Self.states() {
      let root = RootViewController()
      let global = root.globalTable(state).commands.filter { $0.help != nil }.flatMap { $0.keys + $0.aliases }
      for command in root.focused(state).keyTable(in: state).commands where !command.isFallback {
        let repeated = (command.keys + command.aliases).filter(global.contains)
        #expect(repeated.isEmpty, "\(name): \(command.label) repeats the global \(repeated)")
      }
    }
  }

  /// Issue 19 item 10: help and hints say "q quit" only where `q` quits, and name no key twice.
  @Test func helpSaysTheTruthAboutQAndNamesEachKeyOnce() {
    for (name, state) in Self.states() {
      let root = RootViewController()
      let quits = root.actions(for: .character("q"), in: state) == [.app(.quitRequested)]
      let quitRow = root.globalBindings(state).first { $0.help == "quit" }
      let listsQ = quitRow.map { Self.keyNames(inLabel: $0.keys).contains("q") } ?? false
      #expect(listsQ == quits, "\(name): q quits: \(quits), help: \(quitRow?.keys ?? "none")")
      let names = (root.focused(state).bindings(in: state) + root.globalBindings(state)).flatMap {
        Array(Self.keyNames(inLabel: $0.keys))
      }
      let twice = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys
      #expect(twice.isEmpty, "\(name): \(twice.sorted()) listed twice")
    }
  }

  /// The names a label mentions: "↑/↓ PgUp/PgDn" → ↑, ↓, PgUp, PgDn; "Ctrl-U/K/W" → Ctrl-U,
  /// Ctrl-K, Ctrl-W; "q / Ctrl-C" → q, Ctrl-C.
  static func keyNames(inLabel label: String) -> Set<String> {
    var names: Set<String> = []
    for word in label.split(separator: " ") {
      var previous = ""
      for part in word.split(separator: "/").map(String.init) where !part.isEmpty {
        let name = part.count == 1 && previous.hasPrefix("Ctrl-") ? "Ctrl-" + part : part
        names.insert(name)
        previous = name
      }
    }
    return names
  }
}
