import Foundation

/// OSC 52: sets the clipboard of the terminal the person sits at (tmux and most terminal
/// emulators pass it on, also over SSH). The one spelling, for the UI and for `roster login`.
public enum ClipboardSequence {
  public static func osc52(_ text: String) -> String {
    "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
  }
}
