import Foundation
import TestSupport
import Testing

/// Issue 19 items 5–11 as a person meets them: the real binary in tmux, `roster --demo` (with a
/// small people file) and `roster --demo --b2c`, at the sizes the issue found them at.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed")) struct ScreenFixesEndToEndTests {
  /// The chief executive, her report and his, and a guest from another organisation.
  static func peopleFile(in directory: URL) throws -> URL {
    let people: [[String: Any]] = [
      [
        "id": "ceo", "displayName": "Aoife O'Connor", "userPrincipalName": "aoife@contoso.com",
        "mail": "aoife@contoso.com", "jobTitle": "Chief Executive",
      ],
      [
        "id": "head", "displayName": "Rahul Gupta", "userPrincipalName": "rahul@contoso.com",
        "mail": "rahul@contoso.com", "jobTitle": "Head of Engineering", "manager": "ceo",
      ],
      [
        "id": "lead", "displayName": "Mei Tanaka", "userPrincipalName": "mei@contoso.com", "mail": "mei@contoso.com",
        "jobTitle": "Team Lead", "manager": "head",
      ],
      [
        "id": "guest", "displayName": "Ana Lima", "userPrincipalName": "ana_fabrikam.com#EXT#@contoso.com",
        "mail": "ana@fabrikam.com", "userType": "Guest",
      ],
    ]
    let file = directory.appendingPathComponent("people.json")
    try JSONSerialization.data(withJSONObject: people).write(to: file)
    return file
  }

  /// Items 6, 7, 8 and 10: the detail opens at its top; Esc after a walk brings the pane back to
  /// the list's person; Backspace at the start of the path leaves the pane without touching the
  /// search; help lists `q` only where it quits; a guest is said to be one.
  @Test(arguments: [(80, 24), (60, 20), (120, 40)])
  func walkEscBackspaceHelpAndAGuest(cols: Int, rows: Int) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    let people = try Self.peopleFile(in: run.work)
    try run.start(["--demo"], environment: ["ROSTER_DEMO_PEOPLE": people.path], cols: cols, rows: rows)
    try tmux.until("the search screen", timeout: 45) { $0.contains("Search:") }
    try tmux.type("aoife")
    try tmux.until("the chief executive") { $0.contains("Aoife O'Connor") && $0.contains("1 match") }

    // Item 7: the pane opens at its top, name and mail in view, at every size.
    try tmux.keys("Tab")
    // "Enter open" in the hint bar: her manager and reports have arrived (a loading pane shows
    // the fields already, and Enter has no one to open yet).
    try tmux.until("her pane at its top, loaded") {
      $0.contains("Name            Aoife O'Connor") && $0.contains("User name       aoife@contoso.com")
        && $0.contains("Mail            aoife@contoso.com") && $0.contains("Enter open")
    }
    // Item 10: in the pane with a query typed, `q` types into the search: help says Ctrl-C quits,
    // lists Space and Esc/←, and names Tab once (the hint bar below it once more). Where the box
    // does not fit, it scrolls; its content is checked where it fits.
    try tmux.keys("?")
    try tmux.until("help for the detail pane") { $0.contains("Keys") && $0.contains("Detail pane") }
    if rows >= 40 {
      let help = try tmux.capture()
      #expect(help.contains("Ctrl-C  quit") && !help.contains("q/Ctrl-C"), "\(help)")
      #expect(help.contains("Space") && help.contains("Esc/←"), "\(help)")
      #expect(help.components(separatedBy: "switch pane").count <= 3, "Tab once in help: \(help)")
    }
    try tmux.keys("?")  // any key closes it; not Esc, whose lone byte waits for what follows
    try tmux.until("help closed") { !$0.contains("Detail pane") }

    // Item 6: walk to Rahul, Esc: the list and the pane agree on Aoife again.
    try tmux.keys("Enter")
    try tmux.until("Rahul's pane, at its top") {
      $0.contains("Aoife O'Connor › Rahul Gupta") && $0.contains("Name            Rahul Gupta")
    }
    try tmux.keys("?")
    try tmux.until("help on a walked path") { $0.contains("Backspace/← back along the path") }
    try tmux.keys("?")
    try tmux.until("help closed again") { !$0.contains("Detail pane") }
    try tmux.keys("Escape")
    try tmux.until("the walk ended") { !$0.contains("›") && $0.contains("Aoife O'Connor") }
    try tmux.keys("Tab")
    try tmux.until("Aoife's pane again, not Rahul's") {
      $0.contains("Name            Aoife O'Connor") && !$0.contains("Name            Rahul Gupta")
        && !$0.contains("›")
    }
    // Backspace with no path behind: back to the list, the search as it was.
    try tmux.keys("BSpace")
    try tmux.until("the list again, the query kept") { $0.contains("Search: aoife ") || $0.contains("Search: aoife\n") }
    #expect(try !tmux.capture().contains("Search: aoif "))
    #expect(try !tmux.capture().contains("Searching"))

    // Item 8: a guest is a guest from fabrikam.com, not the top of the organisation.
    try tmux.keys("C-u")
    try tmux.type("ana")
    try tmux.until("the guest") { $0.contains("Ana Lima") && $0.contains("1 match") }
    try tmux.keys("Tab")
    try tmux.until("the guest's pane") { $0.contains("Guest from fabrikam.com") }
    #expect(try !tmux.capture().contains("top of the organisation"))
    try tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }

  /// Item 11: the browser sign-in of `roster --demo` approves itself as the device code does.
  @Test func theDemosBrowserSignInCompletes() throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    // The demo's device code approves itself at once (issue 28): its browser sign-in is asked for.
    try run.start(
      ["--demo"], environment: ["ROSTER_INDEX": "off", "ROSTER_DEMO_SIGN_IN": "browser"], cols: 80, rows: 24)
    try tmux.until("the browser sign-in", timeout: 45) { $0.contains("Open this address in a browser") }
    try tmux.until("signed in through the browser flow", timeout: 45) { $0.contains("Search:") }
    try tmux.keys("q")
    #expect(try run.waitForExit().status == 0)
  }

  /// Item 5: typing at the task list adds what was typed, all of it; Ctrl-O asks before signing
  /// out.
  @Test(arguments: [(80, 24), (60, 20)])
  func typingATaskLosesNothingAndSigningOutAsks(cols: Int, rows: Int) throws {
    let run = try RosterInTmux()
    defer { run.finish() }
    let tmux = run.tmux
    try run.start(["--demo", "--b2c"], cols: cols, rows: rows)
    try tmux.until("the task list", timeout: 45) { $0.contains("Your tasks · 3 open, 0 done") }
    try tmux.type("Water the plants")
    try tmux.keys("Enter")
    try tmux.until("the task, every letter") { $0.contains("[ ] Water the plants") && !$0.contains("saving") }
    try tmux.type("buy milk")
    try tmux.keys("Enter")
    try tmux.until("the second task, the space a space") {
      $0.contains("[ ] buy milk") && $0.contains("5 open, 0 done") && !$0.contains("saving")
    }
    try tmux.type("do laundry")
    try tmux.keys("Enter")
    try tmux.until("a task starting with d") { $0.contains("[ ] do laundry") && $0.contains("6 open, 0 done") }

    try tmux.keys("C-o")
    try tmux.until("the sign-out question") { $0.contains("Sign out? y yes") }
    try tmux.keys("n")
    try tmux.until("still signed in") { !$0.contains("Sign out?") && $0.contains("Your tasks") }
    try tmux.keys("C-o")
    try tmux.until("asked again") { $0.contains("Sign out? y yes") }
    try tmux.keys("y")
    try tmux.until("signed out") { $0.contains("Task list sign-in") }
    try tmux.keys("C-c")
    #expect(try run.waitForExit().status == 0)
  }
}
