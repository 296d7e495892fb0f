import Identity
import RosterCore

extension AuthClient {
  /// This client with every browser sign-in completed by `browser` `delay` after the authorize
  /// URL is shown: the demos' sandbox pages approve themselves, so the browser flow finishes
  /// without a browser, as the device code does (issue 19 item 11). The URL can still be opened
  /// or the redirect pasted by hand meanwhile.
  func approvingBrowserSignIns(through browser: StandInBrowser, after delay: Duration) -> AuthClient {
    var client = self
    let signIn = self.signIn
    client.signIn = { method, events in
      signIn(method) { event in
        events(event)
        guard case .browserOpened(let url, _) = event else { return }
        Task {
          try? await Task.sleep(for: delay)
          await browser.visit(url.string)
        }
      }
    }
    return client
  }
}
