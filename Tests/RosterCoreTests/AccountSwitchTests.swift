import AppRuntime
import Foundation
import RosterCore
import TestSupport
import Testing

/// Switching accounts in the UI (issue 21): the picker, nothing of the old account left on
/// screen, the new account's clients in force, and a late answer from the old one dropped.
@MainActor
struct AccountSwitchTests {
  nonisolated static let home = AccountSummary(
    key: "h|c|oid-1.tid-1", username: "megan@contoso.example", tenantId: "tid-1")
  nonisolated static let guest = AccountSummary(
    key: "h|c|oid-9.tid-2", username: "megan_contoso.example#EXT#@fabrikam.example", tenantId: "tid-2")
  nonisolated static let guestAccount = Account(
    homeAccountId: "oid-9.tid-2", username: "megan_contoso.example#EXT#@fabrikam.example", tenantId: "tid-2",
    authority: "https://login.microsoftonline.com/tid-2", grantedScopes: ["User.Read", "User.ReadBasic.All"])

  /// An accounts client over the test's own fakes: the switch hands back the same fake
  /// directory (so every call stays visible to the test) under the guest account.
  nonisolated static func accounts(_ store: @escaping @Sendable () -> Services?) -> AccountsClient {
    AccountsClient(
      list: { ([home, guest], home.key) },
      switchTo: { key in
        guard let services = store() else { throw AccountsUnavailable() }
        var settings = Fixtures.settings
        settings.accountKey = key
        return AccountsClient.Switch(services: services, account: guestAccount, home: .main, settings: settings)
      },
      prepareNew: { throw AccountsUnavailable() })
  }

  @Test func aSwitchClearsTheScreenAndDropsTheOldAccountsLateAnswer() async {
    let services = LockedValue<Services?>(nil)
    let store = TestStore(accounts: Self.accounts { services.current })
    services.withLock {
      $0 = Services(
        auth: store.auth.client, directory: store.directory.client, groups: .emptyTenant, rooms: .emptyTenant)
    }
    // The home account searches; its answer is still on the wire when the person switches.
    let old = await store.sendSearch("al")
    #expect(old != nil)
    let oldID = store.state.field.requestID

    store.exhaustivity = .off(reason: "the switch's own steps are checked by the state they leave")
    await store.send(.accounts(.pickerRequested))
    #expect(store.state.accounts.isOpen)
    #expect(store.state.accounts.accounts == [Self.home, Self.guest])
    await store.send(.accounts(.selectionMoved(by: 1)))
    await store.send(.accounts(.chosen))
    await store.settle()

    // The guest account is in force and nothing of the home account is on screen.
    #expect(store.state.account == Self.guestAccount)
    #expect(store.state.accounts.currentKey == Self.guest.key)
    #expect(store.state.screen == .main)
    #expect(store.state.field.query.isEmpty)
    #expect(store.state.search.results.isEmpty)
    #expect(store.state.search.cache == SearchState().cache)
    #expect(
      store.state.detail
        == {
          var fresh = DetailState()
          fresh.requestID = store.state.detail.requestID
          fresh.partRequestID = store.state.detail.partRequestID
          return fresh
        }())
    #expect(old?.wasCancelled == true, "the switch called off the home account's search")

    // The home account's answer arrives after the switch: dropped whole, not shown, not cached.
    store.exhaustivity = .on
    let late = PeoplePage(people: [Fixtures.person("Alice Home")])
    let before = store.state
    await store.send(.search(.answered(id: oldID, .people(.success(late)))))
    #expect(store.state == before)

    // The guest account's own search works and is shown.
    let mine = await store.sendSearch("al")
    let guestPerson = Fixtures.person("Alba Guest")
    mine?.respond(PeoplePage(people: [guestPerson]))
    await store.skipReceivedActions("the answer and the detail it leads to")
    #expect(store.state.search.results == [guestPerson])
    store.exhaustivity = .off(reason: "ending with the detail request the selection made")
    for call in store.directory.takeCalls() { call.respond(Fixtures.detail(guestPerson)) }
    await store.settle()
  }

  @Test func escapeKeepsTheCurrentAccount() {
    var state = AppState.signedIn()
    state.field.query = "al"
    #expect(reduce(&state, .accounts(.pickerRequested)) == [.accounts(.list)])
    _ = reduce(&state, .accounts(.listed([Self.home, Self.guest], currentKey: Self.home.key)))
    #expect(state.accounts.selection == 0)
    let before = state
    _ = reduce(&state, .accounts(.selectionMoved(by: 1)))
    #expect(reduce(&state, .accounts(.dismissed)).isEmpty)
    #expect(state.accounts.isOpen == false)
    #expect(state.search == before.search)
    #expect(state.account == before.account)
  }

  @Test func choosingTheCurrentAccountChangesNothing() {
    var state = AppState.signedIn()
    _ = reduce(&state, .accounts(.pickerRequested))
    _ = reduce(&state, .accounts(.listed([Self.home, Self.guest], currentKey: Self.home.key)))
    #expect(reduce(&state, .accounts(.chosen)).isEmpty)
    #expect(state.account == Fixtures.account)
    #expect(state.screen == .main)
  }

  /// `a` clears the screen, asks for the settings' clients, then starts a sign-in.
  @Test func addingGoesThroughTheLoginScreen() {
    var state = AppState.signedIn()
    _ = reduce(&state, .accounts(.pickerRequested))
    _ = reduce(&state, .accounts(.listed([Self.home], currentKey: Self.home.key)))
    let effects = reduce(&state, .accounts(.addRequested))
    #expect(
      effects.suffix(4) == [
        .accounts(.prepareNew),
        // The list empties: the group search stops too.
        .cancel(id: .groupSearchDebounce), .cancel(id: .groupSearch), .cancel(id: .groupNextPage),
      ])
    #expect(state.screen == .login)
    #expect(state.account == nil)
    let started = reduce(&state, .accounts(.addReady(home: .main, settings: Fixtures.settings)))
    #expect(started == [.signIn(.deviceCode)])
    #expect(state.accounts.severalSignedIn)
  }

  /// A B2C account leads to the task list, an Entra one back to the people browser.
  @Test func aB2CAccountLeadsToTheTaskList() {
    var state = AppState.signedIn()
    _ = reduce(&state, .accounts(.pickerRequested))
    let b2c = AccountSummary(key: "b|c|x.y", username: "customer@example.com", tenantId: "y", isB2C: true)
    _ = reduce(&state, .accounts(.listed([Self.home, b2c], currentKey: Self.home.key)))
    _ = reduce(&state, .accounts(.selectionMoved(by: 1)))
    _ = reduce(&state, .accounts(.chosen))
    let customer = Account(homeAccountId: "x.y", username: "customer@example.com", tenantId: "y", authority: "b2c")
    let effects = reduce(
      &state, .accounts(.switched(key: b2c.key, account: customer, home: .tasks, settings: Fixtures.settings)))
    #expect(state.screen == .tasks)
    #expect(effects.contains { if case .tasks(.load) = $0 { return true } else { return false } })
    // And back.
    _ = reduce(&state, .accounts(.pickerRequested))
    _ = reduce(&state, .accounts(.listed([Self.home, b2c], currentKey: b2c.key)))
    _ = reduce(&state, .accounts(.selectionMoved(by: -1)))
    _ = reduce(&state, .accounts(.chosen))
    _ = reduce(
      &state,
      .accounts(.switched(key: Self.home.key, account: Fixtures.account, home: .main, settings: Fixtures.settings)))
    #expect(state.screen == .main)
    #expect(state.tasks.items.isEmpty)
  }

  /// A switch that fails leaves the login screen saying why (never the old account's data).
  @Test func aFailedSwitchSaysWhy() {
    var state = AppState.signedIn()
    _ = reduce(&state, .accounts(.pickerRequested))
    _ = reduce(&state, .accounts(.listed([Self.home, Self.guest], currentKey: Self.home.key)))
    _ = reduce(&state, .accounts(.selectionMoved(by: 1)))
    _ = reduce(&state, .accounts(.chosen))
    _ = reduce(&state, .accounts(.failed("That account was signed out in the meantime.")))
    #expect(state.screen == .login)
    #expect(state.account == nil)
    #expect(state.login.reason?.string == "That account was signed out in the meantime.")
  }
}
