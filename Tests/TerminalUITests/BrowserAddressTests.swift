import Foundation
import RosterCore
import Testing

@testable import TerminalUI

/// Issue 40 item 24: the browser sign-in's address is drawn once, from the first column to the
/// last with nothing between its pieces (a mouse selection holds the address and line breaks
/// only), every piece a link to the whole address, and the hint bar offers `c` to copy it.
@MainActor
@Suite struct BrowserAddressTests {
  static let address =
    "https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?client_id=11111111-2222-3333-4444-555555555555"
    + "&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A53123&scope=openid%20profile%20offline_access"
    + "%20User.Read%20User.ReadBasic.All&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    + "&code_challenge_method=S256&state=af0ifjsldkj&prompt=select_account"

  @Test(arguments: [(80, 24), (120, 40), (40, 12)])
  func theAddressIsDrawnFlushAndWholeAndCIsOffered(cols: Int, rows: Int) {
    var state = ScreenFixtures.base(rows: rows, cols: cols)
    state.screen = .login
    state.login.phase = .browser(url: CleanText(Self.address), listeningOn: "http://127.0.0.1:53123")
    var buffer = ScreenBuffer(rows: rows, cols: cols)
    RootViewController().render(state, into: &buffer)
    let links = buffer.hyperlinks()
    #expect(!links.isEmpty && links.allSatisfy { $0.url == Self.address && $0.col == 0 })
    #expect(links.dropLast().allSatisfy { $0.text.count == cols }, "every piece but the last fills its row")
    let drawn = links.map(\.text).joined()
    if rows >= 24 {
      #expect(drawn == Self.address, "the whole address, once")
    } else {
      #expect(drawn.hasSuffix("…") && Self.address.hasPrefix(String(drawn.dropLast())))
    }
    let screen = (0..<rows).map { buffer.text(ofRow: $0) }.joined(separator: "\n")
    #expect(screen.components(separatedBy: "https://login").count == 2, "drawn once: \(screen)")
    if cols >= 80 { #expect(screen.contains("c copy address"), "\(screen)") }
  }
}
