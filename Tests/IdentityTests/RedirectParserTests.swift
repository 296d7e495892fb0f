import Foundation
import RosterCore
import Testing

@testable import Identity

@Suite struct RedirectParserTests {
  @Test func aGoodRedirectYieldsTheCode() {
    let outcome = RedirectParser.parse(
      url: "http://localhost:5123/?code=abc&state=s1&session_state=x", expectedState: "s1", expectedPath: "/")
    #expect(outcome == .code(Secret("abc")))
  }

  @Test func wrongStateIsRefused() {
    #expect(
      RedirectParser.parse(url: "http://localhost:5123/?code=abc&state=evil", expectedState: "s1", expectedPath: "/")
        == .wrongState)
    #expect(
      RedirectParser.parse(url: "http://localhost:5123/?code=abc", expectedState: "s1", expectedPath: "/")
        == .wrongState)
  }

  @Test func errorsFromTheAuthorizeEndpointAreExplained() {
    let outcome = RedirectParser.parse(
      url:
        "http://localhost:1/?error=access_denied&error_subcode=cancel&error_description=AADSTS65004:+User+declined&state=s",
      expectedState: "s", expectedPath: "/")
    guard case .error(let body) = outcome else {
      Issue.record("expected error")
      return
    }
    #expect(body.code == "AADSTS65004")
    #expect(ErrorExplainer.failure(for: body).message.string.contains("declined"))
  }

  @Test(arguments: [
    "", "hello", "localhost:1/?code=x", "http://localhost:1/other?code=x&state=s", "http://localhost:1/?state=s",
  ])
  func garbageIsNotARedirect(text: String) {
    guard case .notARedirect = RedirectParser.parse(url: text, expectedState: "s", expectedPath: "/") else {
      Issue.record("expected notARedirect for \(text)")
      return
    }
  }
}
