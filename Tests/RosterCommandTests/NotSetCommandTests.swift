import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// Issue 40 item 25: a missing value reads "not set" in `show`, `groups show` and `rooms show`, the
/// words the UI's panes use, where the text used to print "-"; JSON keeps null.
@Suite struct NotSetCommandTests {
  /// The value on `label`'s line of a labelled detail (`  Label   value`), nil without that line.
  static func value(_ label: String, in text: String) -> String? {
    text.split(separator: "\n").first { $0.hasPrefix("  \(label)  ") }
      .map { $0.dropFirst(2 + label.count).trimmingCharacters(in: .whitespaces) }
  }

  /// Every labelled line has a value and none is "-".
  static func expectNoDash(_ text: String) {
    for line in text.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("  (") {
      #expect(!line.hasSuffix("  -") && !line.hasSuffix(" "), "\(line)\n\(text)")
    }
  }

  static func object(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  @Test func showSaysNotSetWhereJSONSaysNull() async throws {
    try await CommandTests.withSignedInRoster { roster, _ in
      let text = try await roster.run(["show", "zed@contoso.test"])
      #expect(text.status == 0, "\(text.stderr)")
      let json = try Self.object(try await roster.run(["show", "zed@contoso.test", "--json"]).stdout)
      let fields = [("Office", "officeLocation"), ("Mobile", "mobilePhone"), ("Company", "companyName")]
      for (label, key) in fields {
        #expect(json[key] is NSNull || json[key] == nil, "\(key) is not set for Zed")
        #expect(Self.value(label, in: text.stdout) == "not set", "\(label)\n\(text.stdout)")
      }
      #expect(Self.value("Business phone", in: text.stdout) == "not set", "\(text.stdout)")
      #expect(Self.value("Job title", in: text.stdout) == "Analyst")
      Self.expectNoDash(text.stdout)
    }
  }

  @Test func groupsShowSaysNotSet() async throws {
    try await GroupsCommandTests.withRoster { roster, _ in
      let text = try await roster.run(["groups", "show", "platform-team@contoso.test"])
      #expect(text.status == 0, "\(text.stderr)")
      #expect(Self.value("Visibility", in: text.stdout) == "not set", "\(text.stdout)")
      #expect(Self.value("Description", in: text.stdout) == "Runs the platform")
      Self.expectNoDash(text.stdout)
    }
  }

  @Test func roomsShowSaysNotSet() async throws {
    try await RoomsCommandTests.withRoster { roster, _ in
      let generated = RoomsCommandTests.rooms.dropFirst(DemoRooms.names.count)
      let room = try #require(generated.first { $0.audioDeviceName == nil || $0.nickname == nil || $0.phone == nil })
      let text = try await roster.run(["rooms", "show", room.emailAddress])
      #expect(text.status == 0, "\(text.stderr)")
      for (label, value) in [("Audio", room.audioDeviceName), ("Nickname", room.nickname), ("Phone", room.phone)] {
        #expect(Self.value(label, in: text.stdout) == (value ?? "not set"), "\(label)\n\(text.stdout)")
      }
      Self.expectNoDash(text.stdout)
    }
  }
}
