import TerminalUI
import Testing

/// OSC 52 as terminals read it: `ESC ] 52 ; c ; base64 BEL`, UTF-8 text base64-encoded whole.
@Suite struct ClipboardSequenceTests {
  @Test func textIsBase64InsideTheSequence() {
    #expect(ClipboardSequence.osc52("hi") == "\u{1B}]52;c;aGk=\u{07}")
    #expect(ClipboardSequence.osc52("Zoë") == "\u{1B}]52;c;Wm/Dqw==\u{07}")
  }
}
