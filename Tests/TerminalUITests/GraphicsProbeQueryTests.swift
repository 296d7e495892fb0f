import Testing

@testable import TerminalUI

/// Issue 28 item 11: the kitty query (an APC string) goes only to terminals that say they draw
/// kitty graphics, never inside tmux or screen, and always between a title push and pop.
@Suite struct GraphicsProbeQueryTests {
  @Test(arguments: [
    ["TERM": "xterm-kitty"],
    ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
    ["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"],
    ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"],
  ])
  func kittyCapableTerminalsAreAsked(environment: [String: String]) {
    let query = GraphicsProbe.query(environment: environment)
    #expect(query.hasPrefix(GraphicsProbe.pushTitle + GraphicsProbe.kittyQuery))
    #expect(query.hasSuffix("\u{1B}[c"))
  }

  @Test(arguments: [
    // tmux, however the terminal outside identifies itself.
    ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"],
    ["TERM": "screen-256color", "TERM_PROGRAM": "tmux"],
    ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"],
    ["TERM": "screen", "STY": "1.pts-0.host"],
    // Terminals that do not say they draw kitty graphics.
    ["TERM": "xterm-256color"],
    ["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"],
    ["TERM": "xterm-256color", "COLORTERM": "truecolor", "TERM_PROGRAM": "vscode"],
  ])
  func othersGetOnlyHarmlessQueries(environment: [String: String]) {
    let query = GraphicsProbe.query(environment: environment)
    #expect(query == GraphicsProbe.harmlessQuery)
    #expect(!query.contains("\u{1B}_"), "no APC string")
    #expect(!query.contains("Gi=31"))
  }
}
