import Foundation
import Geometry
import RosterCore
import Testing

@testable import TerminalUI

/// Issue 28 item 9: important lines wrap instead of being cut while there are rows for them, and
/// no line is both cut and wrapped.
@MainActor
@Suite struct MessagesThatFitTests {
  static func render(_ state: AppState, root: RootViewController = RootViewController()) -> [String] {
    ScreenFixtures.lines(state, root: root)
  }

  /// The words of `text` appear in order on `lines`, none of them cut.
  static func showsWhole(_ text: String, in lines: [String]) -> Bool {
    let words = lines.joined(separator: " ").split(separator: " ")
    let wanted = text.split(separator: " ")
    guard let start = words.firstIndex(of: wanted[0]) else { return false }
    return Array(words[start...].prefix(wanted.count)) == wanted
  }

  static let ended =
    "Your session ended: The refresh token was revoked (a password change or an administrator signed you out). Sign in again; your search is kept."

  @Test(arguments: [(80, 24), (60, 20)])
  func sessionEndedIsWrappedWhole(cols: Int, rows: Int) {
    var state = ScreenFixtures.base(rows: rows, cols: cols)
    state.screen = .login
    state.login.reason = CleanText(Self.ended)
    let lines = Self.render(state)
    #expect(Self.showsWhole(Self.ended, in: lines), "\(lines.joined(separator: "\n"))")
    #expect(!lines.contains { $0.contains("adminis…") })
  }

  @Test func demoLineAt60ColumnsIsWhole() {
    var state = ScreenFixtures.base(rows: 20, cols: 60)
    state.screen = .login
    state.isDemo = true
    let lines = Self.render(state)
    let demo = "DEMO: a local sandbox tenant with made-up people; nothing leaves this machine."
    #expect(Self.showsWhole(demo, in: lines), "\(lines.joined(separator: "\n"))")
    #expect(!lines.contains { $0.contains("…") && $0.contains("DEMO") })
  }

  /// A banner wider than the status line takes the hint bar below it, whole.
  @Test(arguments: [(80, 24), (40, 12)])
  func longBannerWrapsOverTheHintBar(cols: Int, rows: Int) {
    var state = ScreenFixtures.results(rows: rows, cols: cols)
    let message = "Local index damaged: rebuilding it from the directory; Graph answers meanwhile."
    state.banner = Banner(message: CleanText(message), kind: .error, expiresAt: state.now.addingTimeInterval(3))
    let lines = Self.render(state)
    #expect(Self.showsWhole(message, in: Array(lines.suffix(3))), "\(lines.joined(separator: "\n"))")
    #expect(!lines.suffix(2).contains { $0.contains("…") }, "\(lines.suffix(2))")
  }

  @Test func shortBannerKeepsTheHints() {
    var state = ScreenFixtures.results(rows: 24, cols: 80)
    state.banner = Banner(message: "Copied mail to the clipboard", expiresAt: state.now.addingTimeInterval(3))
    let lines = Self.render(state)
    #expect(lines[22].hasPrefix("Copied mail to the clipboard"))
    #expect(lines[23].contains("? help"), "\(lines[23])")
  }

  @Test func setupShowsTheWholeExampleGUIDOrWordsThatAreWhole() {
    var state = ScreenFixtures.base(rows: 24, cols: 80)
    state.screen = .setup
    state.setup.clientId = ""
    var lines = Self.render(state)
    #expect(lines.contains { $0.contains("00000000-0000-0000-0000-000000000000") }, "\(lines.joined(separator: "\n"))")
    state.terminal = TerminalSize(rows: 12, cols: 40)
    lines = Self.render(state)
    let field = lines.first { $0.contains("Client ID:") } ?? ""
    #expect(field.contains("a GUID") && !field.contains("…"), "\(field)")
  }

  /// Scrolled, the pane draws no photo, so the note below it is wrapped once at the pane's width
  /// and never also cut at the photo's edge ("… from the local inde…" / "ago.").
  @Test func offlineNoteIsNeverCutBesideThePhoto() {
    let people = ScreenFixtures.people
    var state = ScreenFixtures.results(rows: 24, cols: 80, selected: 1)
    state.photo.mode = .halfBlocks256
    state.index.attached = true
    state.index.offline = true
    state.index.summary = LocalIndexSummary(
      complete: true, people: people.count, lastSync: state.now.addingTimeInterval(-600))
    state.detail.showPerson(.loaded(PersonDetail(person: people[1], managerChain: [people[0]], fromIndex: true)))
    state.focus = .detail
    let root = RootViewController()
    _ = Self.render(state, root: root)
    _ = root.actions(for: .end, in: state)
    let lines = Self.render(state, root: root)
    let note = "Microsoft Graph cannot be reached: shown from the local index, synced 10 min ago."
    #expect(Self.showsWhole(note, in: lines), "\(lines.joined(separator: "\n"))")
    #expect(!lines.contains { $0.contains("local inde…") })
  }
}
