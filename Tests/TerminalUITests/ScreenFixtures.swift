import Foundation
import Geometry
import RosterCore
import TerminalUI
import TestSupport

/// States for the view-controller snapshots: built directly, as the reducer would leave them.
enum ScreenFixtures {
  /// What `state` draws, a line a row, in a buffer of the state's terminal size.
  @MainActor
  static func lines(_ state: AppState, root: RootViewController = RootViewController()) -> [String] {
    var buffer = ScreenBuffer(rows: state.terminal.rows, cols: state.terminal.cols)
    root.render(state, into: &buffer)
    return (0..<buffer.rows).map { buffer.text(ofRow: $0) }
  }

  /// `lines(_:root:)` as one text.
  @MainActor
  static func screen(_ state: AppState, root: RootViewController = RootViewController()) -> String {
    lines(state, root: root).joined(separator: "\n")
  }

  static let epoch = Date(timeIntervalSince1970: 1_800_000_000)
  static let settings = Settings(clientId: "11111111-2222-3333-4444-555555555555")

  static func account(full: Bool) -> Account {
    Account(
      homeAccountId: "oid.tid", username: "megan.bowen@contoso.onmicrosoft.com", displayName: "Megan Bowen",
      tenantId: "contoso.onmicrosoft.com", authority: "https://login.microsoftonline.com/organizations",
      grantedScopes: full ? ["User.Read", "User.ReadBasic.All", "User.Read.All"] : ["User.Read", "User.ReadBasic.All"]
    )
  }

  static let people: [Person] = [
    Person(
      id: "1", displayName: "Alice Smith", mail: "alice.smith@contoso.com", userPrincipalName: "alice@contoso.com",
      jobTitle: "Product Manager", department: "Product", companyName: "Contoso",
      officeLocation: "Building 4, 2nd floor", businessPhones: ["+1 425 555 0101"], mobilePhone: "+1 425 555 0199"),
    Person(id: "2", displayName: "Alina Chen", mail: "alina.chen@contoso.com", jobTitle: "Software Engineer"),
    Person(
      id: "3", displayName: "Salim Ali", mail: nil, userPrincipalName: "salim.ali@contoso.onmicrosoft.com",
      jobTitle: "Site Reliability Engineer"),
    Person(id: "4", displayName: "Siobhán O'Brien", mail: "siobhan.obrien@contoso.com", jobTitle: "Legal Counsel"),
    Person(id: "5", displayName: "山田 太郎", mail: "taro.yamada@contoso.co.jp", jobTitle: "営業部長"),
    Person(id: "6", displayName: "Zoë 👩‍💻 Ålund", mail: "zoe.alund@contoso.se", jobTitle: "Designer"),
    Person(
      id: "7", displayName: "Evil\u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{07}Name", mail: "evil@contoso.com",
      jobTitle: "\u{202E}reganaM"),
    Person(
      id: "8", displayName: "Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff",
      mail: "maximilian.alexander.wolfeschlegelsteinhausenbergerdorff@contoso.com",
      jobTitle: "Principal Architect, Cloud Infrastructure and Developer Experience"),
  ]

  static func base(rows: Int, cols: Int) -> AppState {
    var state = AppState(settings: settings, signInMethod: .deviceCode, isDemo: false, now: epoch)
    state.terminal = TerminalSize(rows: rows, cols: cols)
    return state
  }

  static func main(rows: Int, cols: Int, full: Bool = true) -> AppState {
    var state = base(rows: rows, cols: cols)
    state.screen = .main
    state.account = account(full: full)
    return state
  }

  static func results(rows: Int, cols: Int, selected: Int = 1, count: Int? = nil, full: Bool = true) -> AppState {
    var state = main(rows: rows, cols: cols, full: full)
    state.field.query = "al"
    state.search.status = .results
    var people = people
    if let count {
      people = (0..<count).map {
        Person(id: "p\($0)", displayName: "Person \($0 + 1)", mail: "person\($0 + 1)@contoso.com", jobTitle: "Engineer")
      }
    }
    state.search.results = people
    state.search.resultsQuery = "al"
    state.search.answer = CachedResults(
      people: people, next: count == nil ? nil : PageCursor(nextLink: "next"), totalCount: count == nil ? nil : 1203)
    state.selectPerson(at: selected)
    let person = people[selected]
    state.detail.showPerson(.loading(person))
    return state
  }
}
