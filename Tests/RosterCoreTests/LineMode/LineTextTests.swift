import Foundation
import Testing

@testable import RosterCore

/// The line mode's words (issue 44 items 3 and 4): every mark the full-screen list draws as a
/// glyph is said, and nothing printed carries meaning in a glyph alone.
struct LineTextTests {
  static let ada = Person(
    id: "ada", displayName: "Ada Lovelace", mail: "ada@contoso.com", userPrincipalName: "ada@contoso.com",
    jobTitle: "Engineer", department: "Platform", officeLocation: "London", businessPhones: ["+44 20 5555 0100"])
  static let grace = Person(id: "grace", displayName: "Grace Hopper", jobTitle: "Director")
  static let alan = Person(id: "alan", displayName: "Alan Turing")

  /// The glyphs the full-screen UI draws with meaning (presence, ★, the more-marker, the divider).
  static let glyphs = ["★", "●", "◎", "○", "◐", "⊖", "…", "▼", "›", "│"]

  @Test func aResultLineSaysPresenceAndMarksInWords() {
    let row = LineRow(person: Self.ada, isYourPerson: true, isCloseMatch: true, presence: "available")
    #expect(
      LineText.resultLine(number: 1, row)
        == "1. Ada Lovelace — Engineer, Platform, London — your person, close match — available")
    #expect(LineText.resultLine(number: 2, LineRow(person: Self.alan)) == "2. Alan Turing")
  }

  @Test func presenceIsWordsWithActivityAndOutOfOffice() {
    let busy = Presence(
      availability: .busy, activity: "InAMeeting", outOfOffice: .init(isOutOfOffice: true))
    #expect(LineText.presence(busy) == "busy, in a meeting, out of office")
    #expect(LineText.presence(Presence(availability: .available, activity: "Available")) == "available")
  }

  @Test func theCountLineSaysHowManyAndTheFirst() {
    let rows = [LineRow(person: Self.ada), LineRow(person: Self.alan)]
    #expect(
      LineText.countLine(LineResults(query: "a", exact: rows, notShown: 12))
        == "14 matches for \u{201C}a\u{201D}. First: Ada Lovelace.")
    #expect(
      LineText.countLine(LineResults(query: "a", exact: [rows[0]], totalKnown: false))
        == "1 match or more for \u{201C}a\u{201D}. First: Ada Lovelace.")
    #expect(LineText.countLine(LineResults(query: "zz", exact: [])) == "No one matches \u{201C}zz\u{201D}.")
    let close = LineResults(query: "lovelase", exact: [], close: [LineRow(person: Self.ada, isCloseMatch: true)])
    #expect(
      LineText.countLine(close) == "No exact match for \u{201C}lovelase\u{201D}; 1 close match. First: Ada Lovelace.")
  }

  @Test func theMoreMarkerIsASentence() {
    let results = LineResults(query: "a", exact: [LineRow(person: Self.ada)], notShown: 1_204)
    #expect(
      LineText.resultLines(results) == [
        "1. Ada Lovelace — Engineer, Platform, London", "and 1,204 more: type more to narrow.",
      ])
  }

  @Test func theCardIsOneLabelledFieldALineThenNumberedActions() {
    let detail = PersonDetail(person: Self.ada, manager: Self.grace, directReports: [Self.alan])
    let card = LineCard(
      detail: detail, presence: "available", reach: [LineField("Local time", "14:05 in London")],
      yourPerson: "you opened them 3 days ago")
    let lines = LineText.cardLines(card)
    #expect(
      lines == [
        "Card of Ada Lovelace.", "Name: Ada Lovelace", "Title: Engineer", "Department: Platform", "Office: London",
        "Mail: ada@contoso.com", "Phone: +44 20 5555 0100", "Presence: available", "Local time: 14:05 in London",
        "Manager: Grace Hopper, Director", "Direct reports: 1", "Your person: you opened them 3 days ago", "Actions:",
        "1. Walk to the manager, Grace Hopper", "2. Direct reports (1)", "3. Groups",
        "4. Chat in Teams: print the link",
        "5. Mail: print the link",
      ])
    for line in lines { #expect(!Self.glyphs.contains { line.contains($0) }, "\(line)") }
  }

  @Test func missingFieldsSayNotSetAndHiddenRelationsSayWhy() {
    let detail = PersonDetail(person: Self.alan, relationsHidden: true)
    let lines = LineText.cardLines(LineCard(detail: detail, canListGroups: false))
    #expect(lines.contains("Title: not set"))
    #expect(lines.contains("Manager: not shown; reading managers needs User.Read.All"))
    #expect(lines.suffix(1) == ["No actions."])
  }

  @Test func helpSaysEveryKeyInWords() {
    let help = LineText.helpLines(at: nil).joined(separator: "\n")
    for words in ["b goes back", "q quits", "Control U", "Up and Down", "A number opens"] {
      #expect(help.contains(words), "\(words)")
    }
  }
}
