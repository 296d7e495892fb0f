import Foundation
import Testing

@testable import RosterCore

/// The line mode's walk (issue 44 item 3): search, open, walk to the manager, back and back
/// again, with what each line asks the IO loop to do.
struct LineSessionTests {
  let ada = LineTextTests.ada
  let grace = LineTextTests.grace
  let alan = LineTextTests.alan

  @Test func aWalkFromTheSearchToTheManagerAndBack() {
    var session = LineSession()
    #expect(session.prompt == "Search: ")
    #expect(session.read("ada") == .search("ada"))
    let lines = session.searched(LineResults(query: "ada", exact: [LineRow(person: ada)]))
    #expect(lines.first == "1 match for \u{201C}ada\u{201D}. First: Ada Lovelace.")
    #expect(session.prompt == "Number or search: ")
    #expect(session.read("1") == .open(personID: "ada"))
    _ = session.opened(LineCard(detail: PersonDetail(person: ada, manager: grace)))
    #expect(session.prompt == "Action or search: ")
    #expect(session.read(" 1 ") == .open(personID: "grace"))
    _ = session.opened(LineCard(detail: PersonDetail(person: grace)))
    guard case .say(let back) = session.read("b") else {
      Issue.record("b says where you are")
      return
    }
    #expect(back.first == "Back to the card of Ada Lovelace.")
    #expect(back.contains("1. Walk to the manager, Grace Hopper"))
    guard case .say(let results) = session.read("B") else {
      Issue.record("b again")
      return
    }
    #expect(results.first == "Back to the results. 1 match for \u{201C}ada\u{201D}. First: Ada Lovelace.")
    #expect(session.read("back") == .say(["Back to the search."]))
    #expect(session.prompt == "Search: ")
    #expect(session.read("b") == .say(["At the search already. Type a name, or q to quit."]))
    #expect(session.read("q") == .quit)
  }

  @Test func numbersOutOfRangeAreSaidAndANumberAtThePromptIsASearch() {
    var session = LineSession()
    #expect(session.read("100234") == .search("100234"))
    #expect(session.read("7") == .search("7"))
    _ = session.searched(LineResults(query: "a", exact: [LineRow(person: ada), LineRow(person: alan)]))
    #expect(session.read("3") == .say(["No result 3; the results are 1 to 2."]))
    #expect(session.read("alan turing") == .search("alan turing"))
  }

  @Test func reportsAreANumberedListAndLinksArePrinted() {
    var session = LineSession()
    _ = session.searched(LineResults(query: "ada", exact: [LineRow(person: ada)]))
    _ = session.opened(LineCard(detail: PersonDetail(person: ada, directReports: [alan]), canListGroups: true))
    #expect(
      session.read("1") == .say(["Direct reports of Ada Lovelace: 1.", "1. Alan Turing"]))
    #expect(session.read("1") == .open(personID: "alan"))
    _ = session.opened(LineCard(detail: PersonDetail(person: alan)))
    #expect(session.read("b") == .say(["Back to the list.", "Direct reports of Ada Lovelace: 1.", "1. Alan Turing"]))
    guard case .say(let card) = session.read("b") else {
      Issue.record("back to the card")
      return
    }
    #expect(card.first == "Back to the card of Ada Lovelace.")
    #expect(session.read("2") == .memberOf(ada))
    guard case .say(let chat) = session.read("3") else {
      Issue.record("chat link")
      return
    }
    #expect(chat.first == "Teams chat link for Ada Lovelace:")
    #expect(chat.last?.hasPrefix("https://teams.microsoft.com/l/chat/0/0?users=ada") == true)
    guard case .say(let mail) = session.read("4") else {
      Issue.record("mail link")
      return
    }
    #expect(mail.last == "mailto:ada@contoso.com")
    #expect(session.read("9") == .say(["No action 9; the actions are 1 to 4."]))
  }

  @Test func anEmptyLineSaysWhereYouAreAndHelpIsForHere() {
    var session = LineSession()
    #expect(session.read("") == .say(["Type a name and press Enter; ? for help."]))
    guard case .say(let help) = session.read("?") else {
      Issue.record("help")
      return
    }
    #expect(help.first?.hasPrefix("Here: type a name") == true)
  }

  @Test func commandsAreOnlyTheExactLetters() {
    #expect(LineCommand("q") == .quit)
    #expect(LineCommand("Quit") == .quit)
    #expect(LineCommand("b") == .back)
    #expect(LineCommand("?") == .help)
    #expect(LineCommand("12") == .number(12))
    #expect(LineCommand("bob") == .search)
    #expect(LineCommand("q smith") == .search)
    #expect(LineCommand("+44 20") == .search)
    #expect(LineCommand("123456") == .search)
  }
}
