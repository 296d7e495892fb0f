import Foundation
import Testing

/// A kind is a value (issue 41): the kinds are iterated through their registry, so few switches
/// name them. Reads the sources only.
@Suite struct KindSwitchesTests {
  static let root = DocsContentsTests.root

  /// The five that stay: the registry (`ObjectKind.listed`), the two unwraps of a subject and of a
  /// member row (`PaneSubject.item`, `DirectoryObject.described`), the pane's one parent switch
  /// (`PaneState.subject`) and its view container (`PaneState.view`).
  @Test func atMostFiveSwitchesNameTwoKinds() throws {
    let found = try KindSwitches.find(root: Self.root)
    #expect(found.count <= 5, "\(found.map(\.description).joined(separator: "\n"))")
  }

  @Test func everyKindIsKnownByItsCaseAndItsPlural() throws {
    let words = try KindSwitches.kindWords(root: Self.root)
    #expect(words["person"] == ["person", "people"])
    #expect(words["group"] == ["group", "groups"])
    #expect(words["room"] == ["room", "rooms"])
  }

  /// The count can fail: a switch over two kinds is found, one over a kind and something else is not.
  @Test func theScanFindsASwitchOverTwoKinds() throws {
    let words = try KindSwitches.kindWords(root: Self.root)
    let source = """
      switch kind {
      case .people: return 1
      case .group, .room: return 2
      }
      switch status {
      case .group: return 1
      default: return 0
      }
      """
    let found = KindSwitches.find(in: source, file: "x.swift", words: words)
    #expect(found.map(\.line) == [1])
    #expect(found.first?.kinds == ["group", "person", "room"])
  }
}

/// Features meet through derived events, not calls (issue 41: at most 20 calls from one feature
/// into another's reducer). Runs `scripts/feature-calls`, which says what it counts and why.
@Suite struct FeatureCallsTests {
  @Test func atMostTwentyCallsCrossAFeature() throws {
    let script = KindSwitchesTests.root.appending(path: "scripts/feature-calls")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, "--list"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = text.split(separator: "\n")
    let total = lines.last.flatMap { Int($0) }
    #expect(total != nil && total! <= 20, "\(text)")
    #expect(lines.count > 1, "the script lists the calls it counts: it reads the sources")
  }
}
