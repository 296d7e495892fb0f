import Foundation
import Testing

/// The real binary in tmux against `roster --demo` (in-process sandbox organisation from a people
/// file with awkward names): sign-in, typing, selection, detail, awkward names, resizing, paging,
/// quitting with the terminal restored.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct DemoEndToEndTests {
  static func peopleFile(in directory: URL) throws -> URL {
    var people: [[String: Any]] = [
      [
        "id": "boss", "displayName": "Megan Bowen", "userPrincipalName": "megan@contoso.com",
        "mail": "megan@contoso.com", "jobTitle": "CEO",
      ],
      [
        "id": "obrien", "displayName": "Siobhán O'Brien", "userPrincipalName": "siobhan@contoso.com",
        "mail": "siobhan.obrien@contoso.com", "jobTitle": "Counsel", "manager": "boss",
      ],
      [
        "id": "yamada", "displayName": "山田 太郎", "givenName": "Taro", "surname": "Yamada",
        "userPrincipalName": "taro@contoso.com", "mail": "taro@contoso.com", "jobTitle": "営業部長", "manager": "boss",
      ],
      [
        "id": "evil", "displayName": "Evil\u{1B}[2J\u{1B}[31mRed Name", "userPrincipalName": "evil@contoso.com",
        "mail": "evil@contoso.com", "jobTitle": "Hacker", "manager": "boss",
      ],
      [
        "id": "alice", "displayName": "Alice Smith", "userPrincipalName": "alice@contoso.com",
        "mail": "alice@contoso.com", "jobTitle": "Engineer", "manager": "boss",
      ],
      [
        "id": "alina", "displayName": "Alina Chen", "userPrincipalName": "alina@contoso.com",
        "mail": "alina@contoso.com", "jobTitle": "Designer", "manager": "boss",
      ],
      [
        "id": "salim", "displayName": "Salim Ali", "userPrincipalName": "salim@contoso.com",
        "mail": "salim@contoso.com", "jobTitle": "SRE", "manager": "alice",
      ],
    ]
    for index in 1...150 {
      people.append([
        "id": "p\(index)", "displayName": "Pagey Person \(index)", "userPrincipalName": "pagey\(index)@contoso.com",
        "mail": "pagey\(index)@contoso.com", "manager": "boss",
      ])
    }
    let url = directory.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: url)
    return url
  }

  @Test func demoSignInSearchDetailResizePagingAndQuit() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try Self.peopleFile(in: run.work)
    // The live Graph path (debounce, paging): the local index is off for this run.
    try run.start(
      ["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path, "ROSTER_INDEX": "off"], cols: 100, rows: 30)

    // Sign-in: the demo's device code approves itself at once (issue 28), marked as a demo.
    try tmux.until("the search screen after approval", timeout: 45) { $0.contains("Search:") && $0.contains("DEMO") }

    // Typing a name shows matches; the first is selected.
    try run.settle("typing ali") { try tmux.type("ali") }
    try tmux.until("matches for ali") {
      $0.contains("Alice Smith") && $0.contains("Salim Ali") && $0.contains("matches")
    }

    // Down moves the selection; the detail pane follows.
    let before = try tmux.capture(ansi: true)
    try run.settle("Down") { try tmux.keys("Down") }
    try tmux.until("the selection to move") { _ in (try? tmux.capture(ansi: true)) != before }
    try tmux.until("the detail pane of the selection") { $0.contains("Reporting line") && $0.contains("Job title") }

    // Awkward names: an apostrophe, CJK, escape sequences.
    try tmux.keys("C-u")
    try tmux.type("O'Brien")
    try tmux.until("O'Brien found") { $0.contains("Siobhán O'Brien") }
    try tmux.keys("C-u")
    try tmux.type("taro")
    try tmux.until("the CJK name") { $0.contains("山田 太郎") }
    try tmux.keys("C-u")
    try tmux.type("evil")
    try tmux.until("the escape-laden name, sanitised") { $0.contains("EvilRed Name") && $0.contains("Search: evil") }

    // Resizing narrower (single pane) and wider (side by side) redraws.
    try tmux.resize(cols: 50, rows: 20)
    try tmux.until("the single-pane layout") { screen in
      screen.split(separator: "\n").allSatisfy { $0.count <= 50 } && !screen.contains("│")
    }
    try tmux.resize(cols: 120, rows: 40)
    try tmux.until("side by side") { $0.contains("│") && $0.contains("Search: evil") }

    // Paging: End keeps asking for the next page until all 150 are loaded.
    try tmux.keys("C-u")
    try tmux.type("pagey")
    try tmux.until("the first page with a count") { $0.contains(" of 150") }

    // A held Down (keys in one burst): the pane stays blank while the selection moves, then
    // shows the person it rested on.
    try run.settle("a held Down") { try tmux.keys("Down", "Down", "Down", "Down", "Down") }
    try tmux.until("the pane to show where the selection rested") { screen in
      let lines = screen.split(separator: "\n").map(String.init)
      // The selected row starts with ">", then the presence glyph (the demo shows presence).
      guard let row = lines.first(where: { $0.hasPrefix(">") && $0.contains("Pagey Person ") }),
        let number = row.components(separatedBy: "Pagey Person ").dropFirst().first?.split(separator: " ").first,
        let field = lines.compactMap({ $0.components(separatedBy: "│").last }).first(where: { $0.contains("Name ") })
      else { return false }
      let name = "Pagey Person " + number
      return name != "Pagey Person 1" && field.trimmingCharacters(in: .whitespaces).hasSuffix(" " + name)
    }
    for _ in 0..<8 {
      try run.settle("End (the next page loaded)") { try tmux.keys("End") }
      if (try tmux.capture()).contains("150 matches") { break }
    }
    try tmux.until("all pages loaded") { $0.contains("150 matches") }

    // q quits when the field is empty; the terminal modes are exactly as before.
    try tmux.keys("C-u")
    try tmux.keys("q")
    let exit = try run.waitForExit()
    #expect(exit.status == 0)
    #expect(exit.modesRestored)
  }
}
