import Foundation
import Testing

@testable import roster_bench

/// The real `roster --demo` in a pseudo-terminal that answers the graphics probe as kitty, or as a
/// sixel terminal, would: the photo goes out as kitty graphics or sixel after the frame, a kitty
/// image is deleted when the selection moves on and when the program quits. (tmux, where neither
/// passes, is the half-block end-to-end test.)
@Suite(.serialized) struct TerminalGraphicsPTYTests {
  /// What a kitty-capable terminal is asked (its title saved first, issue 28), and any other.
  static let kittyProbe = "\u{1B}[22;0t\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c"
  static let plainProbe = "\u{1B}[16t\u{1B}[c"
  static let kittyDelete = "\u{1B}_Ga=d,d=I,i=4242,q=2\u{1B}\\"

  static var roster: String? {
    var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return candidates.map { $0.appendingPathComponent("roster").path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// `roster --demo` at 120×32 that has written its probe and been answered with `reply`, signed in.
  /// The kitty query goes only to a terminal that says it is kitty-capable (`KITTY_WINDOW_ID`).
  static func start(answering reply: String, home: URL, kitty: Bool) throws -> PTYSession {
    let binary = try #require(roster, "roster binary not built next to the tests")
    var environment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "PATH": "/usr/bin:/bin",
      "XDG_STATE_HOME": home.path + "/state", "XDG_CONFIG_HOME": home.path + "/config",
      "XDG_CACHE_HOME": home.path + "/cache",
    ]
    if kitty { environment["KITTY_WINDOW_ID"] = "1" }
    let probe = kitty ? kittyProbe : plainProbe
    let session = try PTYSession(
      executable: binary, arguments: ["--demo"], environment: environment, rows: 32, cols: 120)
    #expect(session.waitFor(probe, after: 0, timeout: 20) != nil, "the probe was not written")
    session.send(reply)
    #expect(session.waitForScreen(timeout: 30) { $0.contains("Search:") } != nil, "never signed in")
    return session
  }

  static func withHome<T>(_ body: (URL) throws -> T) throws -> T {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("roster-graphics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    return try body(home)
  }

  @Test func kittyGraphicsWhenTheTerminalAnswersTheKittyQuery() throws {
    try Self.withHome { home in
      let session = try Self.start(answering: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", home: home, kitty: true)
      defer { session.terminate() }
      var offset = session.outputCount
      session.send("aoife")
      let image = "\u{1B}_Ga=T,f=24,s=160,v=160,i=4242,c=16,r=8,C=1,q=2,m=1;"
      #expect(session.waitFor(image, after: offset, timeout: 60) != nil, "no kitty image for the chief executive")
      offset = session.outputCount
      session.send(Keys.down)
      #expect(session.waitFor(Self.kittyDelete, after: offset, timeout: 60) != nil, "the old image stayed")
      offset = session.outputCount
      session.send([0x1B, 0x5B, 0x41])  // Up: back to her, from memory
      #expect(session.waitFor(image, after: offset, timeout: 60) != nil, "no image after going back")
      offset = session.outputCount
      session.send([0x03])
      #expect(session.waitFor(Self.kittyDelete, after: offset, timeout: 60) != nil, "quitting left an image behind")
    }
  }

  @Test func sixelWhenDA1ListsAttributeFour() throws {
    try Self.withHome { home in
      let session = try Self.start(answering: "\u{1B}[6;20;10t\u{1B}[?62;4;22c", home: home, kitty: false)
      defer { session.terminate() }
      let offset = session.outputCount
      session.send("aoife")
      // 16×8 cells of 10×20 pixels, in whole six-pixel bands: 160×156.
      #expect(session.waitFor("\u{1B}P0;1;0q\"1;1;160;156", after: offset, timeout: 60) != nil, "no sixel image")
      #expect(!session.text(from: offset).contains("_Ga=T"), "kitty bytes to a sixel terminal")
    }
  }
}
