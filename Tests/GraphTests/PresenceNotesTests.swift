import Foundation
import RosterCore
import Testing

@testable import Graph

/// Out of office and status notes (issue 31 item 1) from the presence Roster already asks for:
/// Graph's v1.0 shapes decoded, HTML made text, hostile text cleaned and cut, expiry read; and the
/// sandbox serving them the same way.
@Suite struct PresenceNotesTests {
  static func decode(_ json: String) throws -> Presence? {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return Presence(graph: object)
  }

  @Test func outOfOfficeWithAnHTMLReplyReadsAsText() throws {
    let presence = try #require(
      try Self.decode(
        #"{"id":"u1","availability":"Away","activity":"Away","outOfOfficeSettings":{"isOutOfOffice":true,"message":"<div>Back on <b>Monday</b> &amp; offline.<br>Call the desk.</div>"},"statusMessage":null}"#
      ))
    #expect(presence.isOutOfOffice)
    #expect(presence.outOfOffice?.message == "Back on Monday & offline. Call the desk.")
    #expect(presence.word == "Out of office")
    #expect(presence.statusMessage == nil)
  }

  @Test func aStatusNoteWithItsExpiryAndAnExpiredOneHidden() throws {
    let presence = try #require(
      try Self.decode(
        #"{"id":"u1","availability":"Available","activity":"Available","outOfOfficeSettings":{"isOutOfOffice":false,"message":null},"statusMessage":{"message":{"content":"Back at 15:00","contentType":"text"},"expiryDateTime":{"dateTime":"2026-11-27T15:00:00.0000000","timeZone":"UTC"}}}"#
      ))
    #expect(!presence.isOutOfOffice)
    let expiry = try #require(presence.statusMessage?.expires)
    #expect(expiry == Date(timeIntervalSince1970: 1_795_791_600))
    #expect(presence.statusNote(at: expiry.addingTimeInterval(-60))?.text == "Back at 15:00")
    #expect(presence.statusNote(at: expiry) == nil, "an expired note is not shown")
    #expect(Presence.clockText(expiry, now: expiry, zone: TimeZone(secondsFromGMT: 0)!) == "15:00")
  }

  @Test func hostileTextIsCleanedAndCut() throws {
    let long = String(repeating: "away ", count: 400)
    let json = """
      {"id":"u1","availability":"Away","outOfOfficeSettings":{"isOutOfOffice":true,"message":"\(long)"},\
      "statusMessage":{"message":{"content":"Heads down \\u001b]52;c;aGk=\\u0007 \\u202eevil","contentType":"text"}}}
      """
    let presence = try #require(try Self.decode(json))
    let note = try #require(presence.statusMessage?.text.string)
    #expect(!note.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
    #expect(note.hasPrefix("Heads down"))
    #expect(presence.statusMessage?.expires == nil, "no expiry given: none")
    #expect((presence.outOfOffice?.message?.string.count ?? 0) <= Presence.noteLimit + 1)
  }

  @Test func anEmptyNoteIsNoNoteAndEntitiesDecode() {
    #expect(HTMLText.plain("<p></p>") == "")
    #expect(HTMLText.plain("Fish &amp; chips &#8364;5 &#x263A; &bogus; a&b") == "Fish & chips €5 ☺ &bogus; a&b")
  }

  @Test func theSandboxServesNotesInGraphsShape() async throws {
    try await SandboxGraph.run(
      size: 400, scope: "openid profile offline_access User.Read User.Read.All Presence.Read.All"
    ) { graph async throws in
      let people = try await graph.search("a", pageSize: 400).people
      let presences = try await graph.client.presences(people.map(\.id))
      #expect(presences.values.contains { $0.isOutOfOffice }, "some are out of office")
      #expect(presences.values.contains { $0.statusMessage != nil }, "some have a note")
      #expect(presences.values.contains { !$0.isOutOfOffice && $0.statusMessage == nil })
    }
  }
}
