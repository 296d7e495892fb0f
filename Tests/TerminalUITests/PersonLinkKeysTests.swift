import Foundation
import Geometry
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Issue 31 item 4 in the pane: `c` chat, `C` call, `@` mail, `e` Entra copy the documented
/// link with a banner that says which, the keys are in `?` help, and the pane's top line holds
/// the same links as OSC 8 hyperlinks (recorded on the `ScreenBuffer`'s cells).
@MainActor
@Suite struct PersonLinkKeysTests {
  static func paneState(_ person: Person, cols: Int = 100, rows: Int = 30) -> AppState {
    var state = ScreenFixtures.results(rows: rows, cols: cols, selected: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: person)))
    state.focus = .detail
    return state
  }

  static let alice = ScreenFixtures.people[0]

  @Test func eachKeyCopiesItsDocumentedLinkAndNamesIt() {
    let state = Self.paneState(Self.alice)
    let root = RootViewController()
    let expected: [(Key, String, String)] = [
      (.character("c"), "Teams chat link", "https://teams.microsoft.com/l/chat/0/0?users=alice@contoso.com"),
      (.character("C"), "Teams call link", "https://teams.microsoft.com/l/call/0/0?users=alice@contoso.com"),
      (.character("@"), "mail link", "mailto:alice.smith@contoso.com"),
      (
        .character("e"), "Entra admin centre link",
        "https://entra.microsoft.com/#view/Microsoft_AAD_UsersAndTenants/UserProfileMenuBlade/~/overview/userId/1"
      ),
    ]
    for (key, noun, url) in expected {
      #expect(
        root.actions(for: key, in: state) == [
          .detail(.copyRequested(label: "the \(noun) for Alice Smith", text: url))
        ], "\(key)")
    }
  }

  /// Through the reducer: the banner says what was copied, and the clipboard effect carries the
  /// link, which the terminal receives as OSC 52.
  @Test func keyGivesBannerAndClipboard() throws {
    var state = Self.paneState(Self.alice)
    let actions = RootViewController().actions(for: .character("c"), in: state)
    let effects = actions.flatMap { reduce(&state, $0) }
    #expect(
      state.banner?.message.string == "Copied the Teams chat link for Alice Smith to the clipboard")
    let url = "https://teams.microsoft.com/l/chat/0/0?users=alice@contoso.com"
    #expect(effects.contains(.copyToClipboard(url)))
    let osc52 = ClipboardSequence.osc52(url)
    #expect(osc52 == "\u{1B}]52;c;\(Data(url.utf8).base64EncodedString())\u{07}")
  }

  @Test func aLinkThePersonLacksSaysSo() {
    let salim = ScreenFixtures.people[2]  // no mail
    let actions = RootViewController().actions(for: .character("@"), in: Self.paneState(salim))
    #expect(actions == [.app(.warningRaised("Salim Ali has no mail address: no link to copy."))])
  }

  @Test func keysAreInHelp() {
    let state = Self.paneState(Self.alice)
    let root = RootViewController()
    let bindings = root.focused(state).bindings(in: state)
    for (keys, help) in [
      ("c", "copy Teams chat link"), ("C", "copy Teams call link"), ("@", "copy mail (mailto:) link"),
      ("e", "copy Entra admin centre link"),
    ] {
      #expect(bindings.contains { $0.keys == keys && $0.help == help }, "\(keys)")
    }
  }

  @Test func paneShowsTheLinksAsHyperlinksWhereTheTerminalDoes() throws {
    let state = Self.paneState(Self.alice)
    let root = RootViewController()
    root.detail.showsLinks = true
    var buffer = ScreenBuffer(rows: state.terminal.rows, cols: state.terminal.cols)
    root.render(state, into: &buffer)
    let links = buffer.hyperlinks()
    #expect(links.map(\.text) == ["Chat", "Call", "Mail", "Entra"], "\(links)")
    #expect(links.map(\.url) == PersonLink.allCases.filter { $0 != .videoCall }.map { $0.link(for: Self.alice)?.url })
    let row = try #require(links.first?.row)
    #expect(Set(links.map(\.row)) == [row])
    #expect(buffer.text(ofRow: row).contains("Chat · Call · Mail · Entra"))
    #expect(buffer.cells[row][links[0].col].style == .underline)
    #expect(buffer.text(ofRow: row + 1).contains("Name"), "the links row is the blank line above the name")
  }

  /// Off (no OSC 8 terminal): the pane is as before, and nothing is linked.
  @Test func withoutHyperlinksThePaneIsUnchanged() {
    let state = Self.paneState(Self.alice)
    var plain = ScreenBuffer(rows: state.terminal.rows, cols: state.terminal.cols)
    RootViewController().render(state, into: &plain)
    #expect(plain.hyperlinks().isEmpty)
    #expect(!(0..<plain.rows).map { plain.text(ofRow: $0) }.joined().contains("Chat · Call"))
  }

  @Test func narrowPaneAndMissingFieldsDropWholeWords() {
    let salim = ScreenFixtures.people[2]
    #expect(DetailViewController.linkRow(for: salim, width: 80).map(\.text) == ["Chat", "Call", "Entra"])
    #expect(DetailViewController.linkRow(for: Self.alice, width: 12).map(\.text) == ["Chat", "Call"])
    #expect(DetailViewController.linkRow(for: Self.alice, width: 3).isEmpty)
  }

  @Test func hostilePersonLinksStayInert() {
    let evil = ScreenFixtures.people[6]
    for link in DetailViewController.linkRow(for: evil, width: 80) {
      #expect(link.url.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "\(link.url)")
    }
  }

  @Test func screenBufferRecordsAndLosesLinksLikeATerminal() {
    var buffer = ScreenBuffer(rows: 2, cols: 20)
    buffer.putLink("Chat", url: "https://a.example/x", row: 0, col: 2, style: .underline)
    buffer.putLink("Mail", url: "mailto:a@b", row: 1, col: 18, style: .plain)  // cut at the edge
    #expect(
      buffer.hyperlinks() == [
        .init(row: 0, col: 2, text: "Chat", url: "https://a.example/x"),
        .init(row: 1, col: 18, text: "Ma", url: "mailto:a@b"),
      ])
    buffer.put("XX", row: 0, col: 3, style: .plain)
    #expect(buffer.hyperlinks().map(\.text) == ["C", "t", "Ma"])
    buffer.putLink("Bad", url: "https://x\u{1B}\\", row: 0, col: 10, style: .plain)
    #expect(!buffer.hyperlinks().contains { $0.text == "Bad" }, "an unsafe URL is never linked")
  }

  @Test func osc8SequenceRefusesWhatCouldEndIt() {
    #expect(HyperlinkSequence.open("https://a.example/") == "\u{1B}]8;;https://a.example/\u{1B}\\")
    #expect(HyperlinkSequence.close == "\u{1B}]8;;\u{1B}\\")
    for bad in ["", "https://a/\u{07}", "https://a/\u{1B}\\x", "https://a/ b", "https://a/\u{9C}", "https://ä/"] {
      #expect(HyperlinkSequence.open(bad).isEmpty, "\(bad.debugDescription)")
    }
  }

  @Test func hyperlinksCanBeTurnedOff() {
    #expect(HyperlinkSupport.isEnabled(environment: ["TERM": "xterm-256color"]))
    #expect(!HyperlinkSupport.isEnabled(environment: ["TERM": "xterm-256color", "ROSTER_HYPERLINKS": "0"]))
    #expect(!HyperlinkSupport.isEnabled(environment: ["TERM": "linux"]))
    #expect(!HyperlinkSupport.isEnabled(environment: ["TERM": "vt100"]))
    #expect(HyperlinkSupport.isEnabled(environment: ["TERM": "linux", "ROSTER_HYPERLINKS": "on"]))
  }
}
