import Foundation
import RosterCore

/// People, accounts and states shared by tests.
public enum Fixtures {
  public static let account = Account(
    homeAccountId: "oid-1.tid-1", username: "megan@contoso.example", displayName: "Megan Bowen",
    tenantId: "tid-1", authority: "https://login.microsoftonline.com/organizations",
    grantedScopes: ["User.Read", "User.ReadBasic.All"])

  /// A person with the given name; the id and mail derive from it.
  public static func person(_ name: String, id: String? = nil) -> Person {
    let slug = name.lowercased().replacingOccurrences(of: " ", with: ".")
    return Person(
      id: id ?? "id-\(slug)", displayName: CleanText(name), mail: "\(slug)@contoso.example",
      userPrincipalName: "\(slug)@contoso.example")
  }

  /// People whose names share prefixes, for narrowing tests.
  /// In the order `SearchRanking` lists them for "al" and "alex", as every list shows them.
  public static let alexes: [Person] = [
    person("Alex Wilber"), person("Alexander Chen"), person("Alexandra Smith"), person("Alina Park"),
    person("Salim Ali"),
  ]

  /// The local index is off: these tests drive the live Graph path (the index has its own).
  public static let settings: Settings = {
    var settings = Settings(clientId: "11111111-2222-3333-4444-555555555555")
    settings.index = false
    return settings
  }()

  /// A detail for `person` with no manager or reports.
  public static func detail(_ person: Person) -> PersonDetail { PersonDetail(person: person) }
}

extension AppState {
  /// The main screen, signed in, nothing typed, with the kinds `kinds` listed: every kind by
  /// default, as the app's composition root switches them on (issue 29: the core tests run
  /// production's configuration; the few that check a kind switched off name the kinds they keep).
  public static func signedIn(
    settings: Settings = Fixtures.settings, kinds: Set<ObjectKind> = Set(ObjectKind.allCases)
  ) -> AppState {
    var state = AppState(settings: settings, signInMethod: .deviceCode)
    state.screen = .main
    state.account = Fixtures.account
    state.groups.isEnabled = kinds.contains(.group)
    state.rooms.isEnabled = kinds.contains(.room)
    return state
  }
}
