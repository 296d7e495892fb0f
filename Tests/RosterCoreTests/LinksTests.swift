import Foundation
import Testing

@testable import RosterCore

/// The links the pane's keys, `roster link` and `roster free` hand out (issue 31 item 4): the
/// formats Microsoft documents, and no value that can leave its URL or the escape sequence.
struct LinksTests {
  /// Printable ASCII without spaces: what can go inside OSC 8 and OSC 52 as it is.
  static func isInert(_ url: String) -> Bool {
    url.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }

  static let ada = Person(
    id: "7d5f0c2e-0000-4000-8000-000000000001", displayName: "Ada Lovelace", mail: "ada@contoso.com",
    userPrincipalName: "ada.lovelace@contoso.com")

  @Test func documentedChatCallMailAndPortalLinks() {
    #expect(
      PersonLink.chat.link(for: Self.ada)?.url
        == "https://teams.microsoft.com/l/chat/0/0?users=ada.lovelace@contoso.com")
    #expect(
      PersonLink.call.link(for: Self.ada)?.url
        == "https://teams.microsoft.com/l/call/0/0?users=ada.lovelace@contoso.com")
    #expect(
      PersonLink.videoCall.link(for: Self.ada)?.url
        == "https://teams.microsoft.com/l/call/0/0?users=ada.lovelace@contoso.com&withVideo=true")
    #expect(PersonLink.mail.link(for: Self.ada)?.url == "mailto:ada@contoso.com")
    #expect(
      PersonLink.portal.link(for: Self.ada)?.url
        == "https://entra.microsoft.com/#view/Microsoft_AAD_UsersAndTenants/UserProfileMenuBlade/~/overview/userId/7d5f0c2e-0000-4000-8000-000000000001"
    )
    #expect(
      DeepLink.entraUser(objectID: "x", tenant: "contoso.onmicrosoft.com")?.url.hasPrefix(
        "https://entra.microsoft.com/contoso.onmicrosoft.com/#view/") == true)
  }

  /// Microsoft's own example from "Deep link to a workflow in Teams", rebuilt.
  @Test func chatMatchesMicrosoftsExample() {
    let link = DeepLink.teamsChat(
      users: ["joe@contoso.com", "bob@contoso.com"], topic: "Prep For Meeting Tomorrow",
      message: "Hi folks, kicking off a chat about our meeting tomorrow")
    #expect(
      link?.url
        == "https://teams.microsoft.com/l/chat/0/0?users=joe@contoso.com,bob@contoso.com&topicName=Prep%20For%20Meeting%20Tomorrow&message=Hi%20folks%2C%20kicking%20off%20a%20chat%20about%20our%20meeting%20tomorrow"
    )
  }

  @Test func whatAPersonLacksGivesNoLink() {
    let noMail = Person(id: "n", displayName: "No Mail", userPrincipalName: "nomail@contoso.com")
    #expect(PersonLink.mail.link(for: noMail) == nil)
    #expect(PersonLink.chat.link(for: noMail)?.url.hasSuffix("users=nomail@contoso.com") == true)
    let nobody = Person(id: "z", displayName: "Nobody")
    #expect(PersonLink.chat.link(for: nobody) == nil && PersonLink.call.link(for: nobody) == nil)
    #expect(DeepLink.teamsChat(users: ["  ", "\u{1B}"]) == nil)
    #expect(DeepLink.entraUser(objectID: "") == nil)
  }

  /// A hostile address or name cannot end the URL, add a parameter or an attendee, or put a
  /// control byte (ESC, BEL, C1 ST) into the escape sequence that carries it.
  @Test(arguments: [
    "evil@contoso.com\u{1B}]8;;https://phish.example\u{1B}\\",
    "evil@contoso.com\u{07}\u{9C}\u{1B}\\",
    "a&message=pwned@contoso.com",
    "a,b@contoso.com",
    "x@contoso.com#frag?q=1 space",
    "guest_gmail.com#EXT#@contoso.onmicrosoft.com",
    "\u{202E}moc.osotnoc@ada",
  ])
  func hostileAddressesStayInside(address: String) throws {
    let person = Person(
      id: "id\u{1B}[2J/../x", displayName: "Ada\u{1B}]52;c;AAAA\u{07}", mail: CleanText(address),
      userPrincipalName: CleanText(address))
    for kind in PersonLink.allCases {
      let url = try #require(kind.link(for: person)?.url, "\(kind)")
      #expect(Self.isInert(url), "\(kind): \(url.debugDescription)")
      #expect(!url.contains("message=") && !url.contains("#frag"), "\(url)")
    }
    let chat = try #require(DeepLink.teamsChat(users: [address]))
    #expect(chat.url.components(separatedBy: "users=")[1].split(separator: ",").count == 1, "one user stays one")
    let raw = try #require(DeepLink.teamsCall(users: [address]))
    #expect(Self.isInert(raw.url) && !raw.url.contains("&message"))
    let mail = try #require(DeepLink.mail(to: [address], subject: "Hi & bye", body: "line\nnext"))
    #expect(Self.isInert(mail.url) && !mail.url.contains("?q=") && mail.url.contains("subject=Hi%20%26%20bye"))
  }

  /// RFC 6068: `+` (a sub-address) and `@` stay; `%`, `/`, `?`, `#`, `&`, `;`, `=` and `,` are encoded.
  @Test func mailtoEncodesWhatRFC6068Asks() {
    #expect(DeepLink.mail(to: ["bill+ietf@example.org"])?.url == "mailto:bill+ietf@example.org")
    #expect(DeepLink.mail(to: ["a%b/c?d#e&f;g=h,i@x.org"])?.url == "mailto:a%25b%2Fc%3Fd%23e%26f%3Bg%3Dh%2Ci@x.org")
    #expect(DeepLink.mail(to: ["a@x.org", "b@x.org"], subject: "1+1")?.url == "mailto:a@x.org,b@x.org?subject=1%2B1")
    #expect(DeepLink.mail(to: ["zoë@x.org"])?.url == "mailto:zo%C3%AB@x.org")
  }

  @Test func meetingLinkFillsAttendeesAndTimeWithTheirOffset() throws {
    let start = Date(timeIntervalSince1970: 1_520_891_725)  // 2018-03-12T21:55:25Z
    let request = MeetingRequest(
      attendees: ["joe@contoso.com", "bob@contoso.com"], start: start, end: start.addingTimeInterval(1_800),
      subject: "Plan: Q2 & beyond", content: "Agenda\nfirst", timeZone: try #require(TimeZone(secondsFromGMT: 7_200)))
    let link = try #require(DeepLink.teamsMeeting(request))
    #expect(link.kind == .meeting)
    #expect(
      link.url
        == "https://teams.microsoft.com/l/meeting/new?subject=Plan%3A%20Q2%20%26%20beyond"
        + "&startTime=2018-03-12T23%3A55%3A25%2B02%3A00&endTime=2018-03-13T00%3A25%3A25%2B02%3A00"
        + "&content=Agenda%20first&attendees=joe@contoso.com,bob@contoso.com")
    #expect(Self.isInert(link.url))
  }

  @Test func meetingTimesAlwaysCarryANumericOffset() throws {
    let date = Date(timeIntervalSince1970: 0)
    #expect(DeepLink.isoTime(date, in: try #require(TimeZone(identifier: "UTC"))) == "1970-01-01T00:00:00+00:00")
    #expect(
      DeepLink.isoTime(date, in: try #require(TimeZone(secondsFromGMT: -(3 * 3_600 + 1_800))))
        == "1969-12-31T20:30:00-03:30")
    let noLength = MeetingRequest(attendees: ["a@x.org"], start: date, end: date)
    #expect(DeepLink.teamsMeeting(noLength) == nil)
    let alone = MeetingRequest(attendees: [], start: date, end: date.addingTimeInterval(60), timeZone: .gmt)
    #expect(DeepLink.teamsMeeting(alone)?.url.contains("attendees") == false)
  }

  @Test func bannerNounsSayWhichLink() {
    #expect(DeepLink.Kind.chat.noun == "Teams chat link")
    #expect(DeepLink.Kind.portal.noun == "Entra admin centre link")
  }
}
