import Foundation
import Sandbox
import TestSupport
import Testing

/// `roster login --browser` as a person at a desktop runs it: the built binary finds `xdg-open`
/// on PATH (DISPLAY set) and hands it the authorize URL; the "browser" here is a script that
/// follows the sandbox's redirect back to Roster's loopback listener, as a real browser would.
@Suite(.serialized) struct BrowserLoginCommandTests {
  /// A stand-in for xdg-open: records its argv, then fetches the URL following redirects.
  static let fakeOpener = #"""
    #!/usr/bin/env python3
    import sys, urllib.request, os
    with open(os.environ["FAKE_OPENER_LOG"], "a") as log:
        log.write("\n".join(sys.argv[1:]) + "\n")
    urllib.request.urlopen(sys.argv[1], timeout=10).read()
    """#

  @Test func theOpenerOnPathCompletesTheBrowserSignIn() async throws {
    try await SandboxHarness.with { harness in
      let bin = harness.directory.url.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opener = bin.appendingPathComponent("xdg-open")
      try Self.fakeOpener.write(to: opener, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
      let log = harness.directory.url.appendingPathComponent("opened.txt")
      let roster = harness.roster(extra: [
        "PATH": "\(bin.path):/usr/bin:/bin", "DISPLAY": ":99", "FAKE_OPENER_LOG": log.path,
      ])
      let login = try await roster.run(["login", "--browser"])
      let status = try await roster.run(["status"])
      try Self.check(login: login, status: status, log: log, username: harness.sandbox.defaultUsername)
    }
  }

  /// The opener got the authorize URL alone (PKCE, loopback redirect, state, no token), and the
  /// sign-in it completed is the one `status` reports.
  static func check(login: RosterProcess.Output, status: RosterProcess.Output, log: URL, username: String) throws {
    #expect(login.status == 0, "login: \(login.stderr) \(login.stdout)")
    let opened = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let lines = opened.split(separator: "\n")
    #expect(lines.count == 1, "the opener got the authorize URL alone: \(opened)")
    let url = try #require(lines.first.flatMap { URLComponents(string: String($0)) })
    let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    #expect(url.path.hasSuffix("/oauth2/v2.0/authorize"))
    #expect(query["code_challenge_method"] == "S256")
    #expect(
      query["redirect_uri"]?.hasPrefix("http://localhost:") == true
        || query["redirect_uri"]?.hasPrefix("http://127.0.0.1:") == true)
    #expect(query["state"]?.isEmpty == false)
    #expect(!opened.contains("access_token") && !opened.contains("refresh_token"))
    #expect(status.status == 0)
    #expect(status.stdout.lowercased().contains(username.lowercased()), "status: \(status.stdout)")
  }
}
