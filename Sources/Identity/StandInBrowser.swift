import Foundation
import RosterCore
import Transport

/// A browser for sign-ins whose authorize page approves itself (the sandbox's policy): it GETs
/// the authorize URL and follows the one redirect to Roster's own loopback listener, exactly the
/// requests a real browser would make. `roster --demo --b2c` signs in through it, and tests do.
public struct StandInBrowser: Sendable {
  let transport: any HTTPTransport

  public init(transport: any HTTPTransport) { self.transport = transport }

  /// Visits `url` and its redirect; false when there was no redirect to follow.
  @discardableResult
  public func visit(_ url: String) async -> Bool {
    guard let authorize = URL(string: url),
      let page = try? await transport.send(HTTPRequest(url: authorize)),
      let location = page.header("Location"), let target = URL(string: location),
      let host = target.host, LoopbackHost.contains(host)
    else { return false }
    return (try? await transport.send(HTTPRequest(url: target))) != nil
  }
}
