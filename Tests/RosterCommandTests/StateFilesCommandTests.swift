import Foundation
import TestSupport
import Testing

/// Issue 11 points 5–6 through the built binary: a token cache or state directory that is a
/// symlink is never chmod-ed through the link, and one pointing at someone else's file is refused
/// with a message; a people file's refusal never echoes raw escape bytes, and a name that is not
/// UTF-8 refuses the file, naming the entry.
@Suite(.serialized) struct StateFilesCommandTests {
  /// A private HOME; `state` is `$XDG_STATE_HOME`, so the cache directory is `state/roster`.
  struct Home {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("roster-state-\(UUID().uuidString)")
    var state: URL { root.appendingPathComponent("state") }
    var cacheDirectory: URL { state.appendingPathComponent("roster") }
    var roster: RosterProcess {
      RosterProcess(environment: [
        "HOME": root.path, "XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        "ROSTER_CLIENT_ID": "3f6b2c1e-8d4a-4e7b-9c2f-5a1d0e9b7c64", "ROSTER_AUTHORITY": "http://127.0.0.1:9/tenant",
        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
      ])
    }
    init() throws { try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true) }
    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Makes the token cache a symbolic link to a new 0644 file `name` beside the state
    /// directory holding `contents`; returns that file.
    func linkTokensFile(to name: String, contents: String) throws -> URL {
      try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
      chmod(cacheDirectory.path, 0o700)
      let target = root.appendingPathComponent(name)
      try Data(contents.utf8).write(to: target)
      chmod(target.path, 0o644)
      try FileManager.default.createSymbolicLink(
        at: cacheDirectory.appendingPathComponent("tokens-default.json"), withDestinationURL: target)
      return target
    }
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  @Test func aSymlinkedStateDirectoryToASharedDirectoryIsRefusedNotChmodded() async throws {
    let home = try Home()
    defer { home.remove() }
    let shared = home.root.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    chmod(shared.path, 0o1777)
    try FileManager.default.createSymbolicLink(at: home.cacheDirectory, withDestinationURL: shared)
    let status = try await home.roster.run(["status"])
    #expect(status.status == 1, "\(status.stderr)")
    #expect(status.stderr.contains("symbolic link") && status.stderr.contains("others can read"), "\(status.stderr)")
    #expect(Self.mode(shared.path) == 0o1777, "the shared directory keeps its mode and sticky bit")

    // A private directory of ours behind the link is fine.
    chmod(shared.path, 0o700)
    let fine = try await home.roster.run(["status"])
    #expect(fine.status == 3, "not signed in, but no refusal: \(fine.stderr)")
    #expect(Self.mode(shared.path) == 0o700)
  }

  @Test func aSymlinkedTokensFileOthersCanReadIsRefusedWithItsTargetUntouched() async throws {
    let home = try Home()
    defer { home.remove() }
    let target = try home.linkTokensFile(to: "elsewhere.json", contents: "{\"keep\": true}")
    let status = try await home.roster.run(["status"])
    #expect(status.status == 1, "\(status.stderr)")
    #expect(
      status.stderr.contains("is a symbolic link") && status.stderr.contains("others can read"), "\(status.stderr)")
    #expect(Self.mode(target.path) == 0o644, "the link's target was not chmod-ed")
    #expect(try String(contentsOf: target, encoding: .utf8) == "{\"keep\": true}")
    let link = home.cacheDirectory.appendingPathComponent("tokens-default.json").path
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target.path, "the link stays")

    // A link to something that is not a regular file is refused too.
    try FileManager.default.removeItem(atPath: link)
    let folder = home.root.appendingPathComponent("a-directory")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path)
    let notFile = try await home.roster.run(["status"])
    #expect(notFile.status == 1 && notFile.stderr.contains("not a regular file"), "\(notFile.stderr)")
  }

  /// Issue 19 item 4: a dotfile manager's link of ours to a private file of ours is the person's
  /// own cache: signed in through it, and new tokens are written to its target, the link kept.
  @Test func aSymlinkedTokensFileOfOursIsUsedAsItIs() async throws {
    try await SandboxHarness.with(configure: { $0.approveAfter = .milliseconds(200) }) { harness in
      let roster = harness.roster()
      #expect(try await roster.run(["login", "--device-code"]).status == 0)
      let cache = harness.stateDirectory.appendingPathComponent("tokens-default.json")
      let dotfiles = harness.directory.url.appendingPathComponent("dotfiles")
      try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
      let target = dotfiles.appendingPathComponent("roster-tokens.json")
      try FileManager.default.moveItem(at: cache, to: target)
      try FileManager.default.createSymbolicLink(at: cache, withDestinationURL: target)
      let before = try Data(contentsOf: target)

      let status = try await roster.run(["status"])
      #expect(status.status == 0, "signed in through the link: \(status.stderr)")
      #expect(!status.stderr.contains("moved it"), "\(status.stderr)")
      let login = try await roster.run(["login", "--device-code"])
      #expect(login.status == 0, "\(login.stderr)")
      #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: cache.path)) == target.path, "the link stays")
      #expect(try Data(contentsOf: target) != before, "the new tokens went to the link's target")
      #expect(Self.mode(target.path) == 0o600)
      #expect(try await roster.run(["status"]).status == 0)
      let names = try FileManager.default.contentsOfDirectory(atPath: harness.stateDirectory.path)
      #expect(!names.contains { $0.contains(".corrupt-") }, "\(names)")
    }
  }

  @Test(.enabled(if: getuid() == 0, "making a file owned by another user needs root"))
  func aTokensFileLinkedToSomeoneElsesFileIsRefused() async throws {
    let home = try Home()
    defer { home.remove() }
    let target = try home.linkTokensFile(to: "theirs.json", contents: "{}")
    chown(target.path, 65_534, 65_534)
    let status = try await home.roster.run(["status"])
    #expect(status.status == 1, "\(status.stderr)")
    #expect(status.stderr.contains("you do not own"), "\(status.stderr)")
    #expect(Self.mode(target.path) == 0o644)

    // And a state directory linked to someone else's directory.
    let other = try Home()
    defer { other.remove() }
    let theirs = other.root.appendingPathComponent("theirs")
    try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
    chmod(theirs.path, 0o700)
    chown(theirs.path, 65_534, 65_534)
    try FileManager.default.createSymbolicLink(at: other.cacheDirectory, withDestinationURL: theirs)
    let refused = try await other.roster.run(["status"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("which you do not own"), "\(refused.stderr)")
  }

  @Test func aPeopleFileRefusalNeverEchoesEscapeBytes() async throws {
    let home = try Home()
    defer { home.remove() }
    let file = home.root.appendingPathComponent("people.json")
    let people: [[String: Any]] = [
      ["displayName": "Ok Person", "userPrincipalName": "ok@contoso.test"],
      [
        "displayName": "\u{1B}]52;c;aGk=\u{07}\u{1B}[2JEvil \u{202E}Name", "userPrincipalName": "evil@contoso.test",
        "userType": "Alien",
      ],
    ]
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    let sandbox = try await home.roster.run(["sandbox", "--people", file.path])
    #expect(sandbox.status == 1)
    #expect(sandbox.stderr.contains("entry at index 1") && sandbox.stderr.contains("userType"), "\(sandbox.stderr)")
    #expect(sandbox.stderr.contains("Evil"))
    for forbidden in ["\u{1B}", "\u{07}", "\u{202E}"] { #expect(!sandbox.stderr.contains(forbidden)) }
  }

  @Test func aNameThatIsNotUTF8RefusesThePeopleFileNamingTheEntry() async throws {
    let home = try Home()
    defer { home.remove() }
    let file = home.root.appendingPathComponent("people.json")
    var bytes = Data(#"[{"displayName":"Ok Person","userPrincipalName":"ok@contoso.test"},{"displayName":"Bad "#.utf8)
    bytes.append(contentsOf: [0xC3, 0x28, 0xFF])
    bytes.append(contentsOf: Data(#" Name","userPrincipalName":"bad@contoso.test"}]"#.utf8))
    try bytes.write(to: file)
    let sandbox = try await home.roster.run(["sandbox", "--people", file.path])
    #expect(sandbox.status == 1)
    #expect(sandbox.stderr.contains("entry at index 1, field 'displayName'"), "\(sandbox.stderr)")
    #expect(sandbox.stderr.contains("not UTF-8"))
    #expect(!sandbox.stderr.contains("\u{FFFD}"))
  }
}
