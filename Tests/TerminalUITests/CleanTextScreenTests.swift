import Foundation
import RosterCore
import TestSupport
import Testing

@testable import TerminalUI

/// Hostile directory and server text reaches the screens only as `CleanText`: people decoded from
/// JSON (the shape Graph, the index and `--json` use), a banner and a sign-in failure quoting the
/// server are drawn with nothing a terminal would act on, and the readable part kept.
@MainActor
@Suite struct CleanTextScreenTests {
  static let hostile = "\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{7}Mallory\u{202E}\u{9B}31m\u{1B}P1$r\u{1B}\\"

  static func decodedPeople() throws -> [Person] {
    let name = String(decoding: try JSONEncoder().encode(hostile), as: UTF8.self)
    let json = """
      [{"id": "m1", "displayName": \(name), "mail": "mallory@contoso.example", "jobTitle": \(name),
        "businessPhones": [\(name)], "mobilePhone": \(name), "department": \(name)}]
      """
    return try JSONDecoder().decode([Person].self, from: Data(json.utf8))
  }

  static func screenText(_ state: AppState, rows: Int = 24, cols: Int = 80) -> String {
    let root = RootViewController()
    var buffer = ScreenBuffer(rows: rows, cols: cols)
    root.render(state, into: &buffer)
    return (0..<rows).map { buffer.text(ofRow: $0) }.joined(separator: "\n")
  }

  static func expectNothingATerminalActsOn(_ text: String) {
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
    #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    #expect(!text.contains("52;c;") && !text.contains("[2J") && !text.contains("$r"))
  }

  @Test func decodedPeopleAreDrawnCleanInTheListAndTheDetail() throws {
    let people = try Self.decodedPeople()
    var state = ScreenFixtures.main(rows: 24, cols: 80)
    state.field.query = CleanText(Self.hostile)
    state.search.status = .results
    state.search.results = people
    state.selectPerson(at: 0)
    state.detail.showPerson(.loaded(PersonDetail(person: people[0])))
    state.banner = Banner(message: "Copied \(Self.hostile)", kind: .info, expiresAt: state.now.addingTimeInterval(5))
    let text = Self.screenText(state)
    Self.expectNothingATerminalActsOn(text)
    #expect(text.contains("Mallory"))
  }

  @Test func aSignInFailureQuotingTheServerIsDrawnClean() {
    var state = ScreenFixtures.base(rows: 24, cols: 80)
    state.screen = .login
    state.login.phase = .failed(
      SignInFailure(message: "Denied: \(Self.hostile)", code: CleanText(Self.hostile), traceId: CleanText(Self.hostile))
    )
    let text = Self.screenText(state)
    Self.expectNothingATerminalActsOn(text)
    #expect(text.contains("Denied: Mallory"))
  }
}
