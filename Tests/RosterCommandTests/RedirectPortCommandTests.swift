import Foundation
import Sandbox
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 11 point 9 through the built binary: `roster login --browser --redirect-port P` listens
/// on the fixed port (what `ssh -L P:localhost:P` needs), and when no browser can be opened
/// (no opener on PATH, or one that fails) it prints the URL and still completes when a browser
/// elsewhere follows it.
@Suite(.serialized) struct RedirectPortCommandTests {
  /// A free loopback port (bound and released).
  static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw SandboxHarnessError("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  @Test(arguments: ["missing", "failing"])
  func aFixedRedirectPortAndThePrintedURLCompleteTheSignIn(opener: String) async throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-port-\(UUID().uuidString)")
    let bin = home.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    if opener == "failing" {
      // Like xdg-open with no browser configured: it starts, then fails.
      let script = bin.appendingPathComponent("xdg-open")
      try "#!/bin/sh\necho 'xdg-open: no method available for opening' >&2\nexit 3\n".write(
        to: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }
    let port = try Self.freePort()
    let harness = try await SandboxHarness.start()
    defer { Task { await harness.stop() } }
    let sandbox = harness.sandbox

    let process = Process()
    process.executableURL = try #require(RosterBinary.url)
    process.arguments = ["login", "--browser", "--redirect-port", String(port)]
    process.environment = [
      "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "ROSTER_CLIENT_ID": sandbox.clientId, "ROSTER_AUTHORITY": sandbox.authority.absoluteString,
      "ROSTER_GRAPH_URL": sandbox.graphURL.absoluteString, "PATH": "\(bin.path):/bin", "LANG": "C.UTF-8",
      "DISPLAY": ":99",
    ]
    let stderrFile = home.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: stderrFile)
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    // The printed URL, as a person would copy it into a browser on another machine.
    var printed: URL?
    // A hang guard, not a timing: in the full parallel suite beside another build (issue 40) the
    // URL came after 90 s; only a hang should fail here.
    let deadline = Date().addingTimeInterval(300)
    while printed == nil, Date() < deadline, process.isRunning {
      let text = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
      printed = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix("http") && $0.contains("/oauth2/v2.0/authorize") }.flatMap { URL(string: $0) }
      if printed == nil { try await Task.sleep(for: .milliseconds(50)) }
    }
    let url = try #require(printed, "no URL printed: \((try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "")")
    let query = Dictionary(
      (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
      uniquingKeysWith: { first, _ in first })
    #expect(query["redirect_uri"] == "http://localhost:\(port)", "\(query["redirect_uri"] ?? "none")")
    // The "browser": follows the sandbox's redirect to the fixed port.
    let (_, response) = try await URLSession.shared.data(from: url)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
    #expect(process.terminationStatus == 0, "\((try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "")")
  }
}
