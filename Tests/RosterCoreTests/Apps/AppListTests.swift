import AppRuntime
import Foundation
import RosterCore
import SearchRules
import TestSupport
import Testing

/// App registrations and enterprise apps, two `SearchedKind`s written once over their flavour,
/// through the real Store and runtime: searched with the field beside people, listed under one
/// selection, Ctrl-G to each alone, opened in an item pane that loads owners and the other half,
/// walked to an owner and to the other half and back, the missing permission named, a session's
/// answers forgotten, and a service principal among a group's members opening as an enterprise app.
@MainActor
@Suite struct AppListTests {
  nonisolated static let payroll = AppRegistration(
    id: "a-1", displayName: "Payroll Sync", appId: "app-payroll", signInAudience: "AzureADMyOrg")
  nonisolated static let portal = AppRegistration(id: "a-2", displayName: "Payroll Portal", appId: "app-portal")
  nonisolated static let payrollEnterprise = EnterpriseApp(
    id: "sp-1", displayName: "Payroll Sync", appId: "app-payroll", accountEnabled: true)
  nonisolated static let ada = Person(id: "u-ada", displayName: "Ada Lovelace", mail: "ada@contoso.test")

  static func signedIn() -> AppState {
    var state = AppState.signedIn()
    state.enableSearchedKinds()
    return state
  }

  /// One flavour's client over a fixed list, counting its calls; each detail names Ada as owner
  /// and the other half of Payroll Sync.
  final class Apps<Flavor: AppFlavor>: Sendable {
    let rows: [AppObject<Flavor>]
    let counterpart: AppObject<Flavor.Counterpart>?
    let searches = LockedValue<[String]>([])
    let details = LockedValue<[String]>([])
    let failure: DirectoryError?

    init(
      _ rows: [AppObject<Flavor>], counterpart: AppObject<Flavor.Counterpart>?, failing failure: DirectoryError? = nil
    ) {
      self.rows = rows
      self.counterpart = counterpart
      self.failure = failure
    }

    var client: KindClient {
      KindClient(
        search: { query, _ in
          let text = query.value(as: ItemQuery.self)?.text ?? ""
          self.searches.withLock { $0.append(text) }
          if let failure = self.failure {
            return .apps(Result<ItemPage<AppObject<Flavor>>, DirectoryError>.failure(failure))
          }
          let words = Narrowing(text)
          return .apps(.success(ItemPage(self.rows.filter { words.matches($0.searchFields) })))
        },
        nextPage: { _ in .apps(.success(ItemPage([AppObject<Flavor>]()))) },
        detail: { id in
          self.details.withLock { $0.append(id) }
          let app = self.rows.first { $0.id == id } ?? AppObject<Flavor>(id: id, displayName: "Read")
          let other: AppDetail<Flavor>.Counterpart = self.counterpart.map { .found($0) } ?? .none
          return .app(.success(AppDetail(app: app, owners: [AppListTests.ada], counterpart: other, permissions: [])))
        })
    }
  }

  static func registrations(failing failure: DirectoryError? = nil) -> Apps<RegistrationFlavor> {
    Apps([payroll, portal], counterpart: payrollEnterprise, failing: failure)
  }

  static func enterprise() -> Apps<EnterpriseFlavor> { Apps([payrollEnterprise], counterpart: payroll) }

  private func typed(_ text: String, _ store: TestStore) async {
    await store.send(.search(.queryChanged(text)))
    await store.advance(by: store.searchDebounce)
    store.directory.takeCalls().forEach { $0.respond(PeoplePage(people: [])) }
    await store.settle()
  }

  @Test func appsAnswerTheFieldAndOpenInAPaneThatLoadsOwnersAndTheOtherHalf() async {
    let apps = Self.registrations()
    let enterprise = Self.enterprise()
    let store = TestStore(state: Self.signedIn(), kinds: [.app: apps.client, .enterpriseApp: enterprise.client])
    store.exhaustivity = .off(reason: "the apps' rows, the pane and the walk")
    await typed("payroll sync", store)
    #expect(apps.searches.withLock { $0 } == ["payroll sync"], "Graph is asked once, after the debounce")
    #expect(enterprise.searches.withLock { $0 } == ["payroll sync"])
    #expect(
      store.state.listRows == [.item(AnyListedItem(Self.payroll)), .item(AnyListedItem(Self.payrollEnterprise))],
      "apps, then enterprise apps, in list order")
    #expect(
      store.state.listStatus(of: .app)
        == .results(listed: 1, total: 1, more: false, loadingMore: false, fromIndex: false))
    #expect(store.state.selectedListRow?.kind == .app, "no one matches: the app leads")

    await store.send(.list(.detailOpened))
    await store.settle()
    guard case .item(let pane) = store.state.detail.pane else {
      Issue.record("the pane shows the app: \(store.state.detail.pane)")
      return
    }
    #expect(pane.item == AnyListedItem(Self.payroll))
    #expect(
      pane.walkable == [.person(Self.ada), .item(AnyListedItem(Self.payrollEnterprise))],
      "its owner, then its enterprise app")
    #expect(apps.details.withLock { $0 } == ["a-1"])

    // To the owner and back.
    await store.send(.itemPane(.rowOpened))
    await store.settle()
    #expect(store.state.detail.subject == .person(Self.ada), "Enter walked to the owner")
    #expect(store.state.detail.trail.map(\.id) == ["a-1", "u-ada"])
    await store.send(.detail(.wentBack))
    await store.settle()
    #expect(store.state.detail.subject == .item(AnyListedItem(Self.payroll)), "Backspace came back to the app")

    // To the other half, which reads its own pane from the enterprise apps' client, and back.
    await store.send(.itemPane(.rowMoved(1)))
    await store.send(.itemPane(.rowOpened))
    await store.settle()
    #expect(store.state.detail.subject == .item(AnyListedItem(Self.payrollEnterprise)), "Enter walked to it")
    #expect(store.state.detail.trail.map(\.id) == ["a-1", "sp-1"])
    #expect(enterprise.details.withLock { $0 } == ["sp-1"], "read as an enterprise app")
    guard case .item(let other) = store.state.detail.pane else {
      Issue.record("the pane shows the enterprise app: \(store.state.detail.pane)")
      return
    }
    #expect(other.walkable.last == .item(AnyListedItem(Self.payroll)), "whose other half is the registration")
    await store.send(.detail(.wentBack))
    await store.settle()
    #expect(store.state.detail.subject == .item(AnyListedItem(Self.payroll)), "and back to the registration")
  }

  @Test func ctrlGReachesAppsAndEnterpriseAppsAndNarrowsWhileGraphIsAsked() async {
    let apps = Self.registrations()
    let store = TestStore(
      state: Self.signedIn(), kinds: [.app: apps.client, .enterpriseApp: Self.enterprise().client])
    store.exhaustivity = .off(reason: "Ctrl-G and the narrowing")
    await typed("payroll", store)
    #expect(store.state.apps.results.map(\.id).sorted() == ["a-1", "a-2"])
    var seen: [ListKind] = [store.state.list.kind]
    for _ in 0..<8 {
      await store.send(.list(.kindSwitched))
      seen.append(store.state.list.kind)
    }
    #expect(seen.contains(.only(.app)), "Ctrl-G reaches apps: \(seen)")
    #expect(seen.contains(.only(.enterpriseApp)), "Ctrl-G reaches enterprise apps: \(seen)")
    while store.state.list.kind != .only(.enterpriseApp) { await store.send(.list(.kindSwitched)) }
    #expect(store.state.listRows.allSatisfy { $0.kind == .enterpriseApp })
    while store.state.list.kind != .only(.app) { await store.send(.list(.kindSwitched)) }
    #expect(store.state.listRows.allSatisfy { $0.kind == .app })

    await store.send(.search(.queryChanged("payroll por")))
    #expect(store.state.apps.status == .searching)
    #expect(store.state.apps.results.map(\.id) == ["a-2"], "narrowed locally while the debounce runs")
    #expect(!store.state.rowsMatchQuery(.app), "and marked as narrowed")
  }

  @Test func aMissingPermissionIsNamedAndPeopleStillSearch() async {
    let apps = Self.registrations(failing: .permissionDenied("Insufficient privileges to complete the operation."))
    let store = TestStore(
      state: Self.signedIn(), kinds: [.app: apps.client, .enterpriseApp: Self.enterprise().client])
    store.exhaustivity = .off(reason: "the apps' status only")
    await typed("payroll", store)
    #expect(store.state.apps.status == .needsPermission("Application.Read.All"))
    #expect(store.state.listStatus(of: .app) == .needsPermission("Application.Read.All"))
    #expect(store.state.enterpriseApps.status == .results, "the other flavour is asked apart")
    await typed("payrolls", store)
    #expect(apps.searches.withLock { $0 } == ["payroll"], "a refused kind is not asked again for every key")
  }

  @Test func aSessionEndForgetsTheApps() async {
    let store = TestStore(
      state: Self.signedIn(), kinds: [.app: Self.registrations().client, .enterpriseApp: Self.enterprise().client])
    store.exhaustivity = .off(reason: "the apps' slices at sign-out")
    await typed("payroll", store)
    #expect(!store.state.apps.results.isEmpty && !store.state.enterpriseApps.results.isEmpty)
    await store.send(.app(.signOutRequested))
    await store.settle()
    #expect(store.state.apps.results.isEmpty && store.state.enterpriseApps.results.isEmpty)
    #expect(store.state.apps.isEnabled && store.state.enterpriseApps.isEnabled, "still listed for the next sign-in")
  }

  /// A service principal in a group's members is a row Enter opens, as an enterprise app known
  /// only by its name until its pane reads the rest.
  @Test func aServicePrincipalMemberOpensAsAnEnterpriseApp() {
    let pipeline = UndescribedObject(id: "sp-9", odataType: "#microsoft.graph.servicePrincipal", displayName: "CI")
    let subject = PaneSubject(.undescribed(pipeline))
    #expect(subject?.kind == .enterpriseApp)
    #expect(subject?.id == "sp-9")
    let app = subject.flatMap { if case .item(let item) = $0 { item.value(as: EnterpriseApp.self) } else { nil } }
    #expect(app?.isPartial == true, "its pane says the rest is unknown until read")
    #expect(app?.displayName == "CI")
    let contact = UndescribedObject(id: "c-1", odataType: "#microsoft.graph.orgContact", displayName: "Vendor")
    #expect(PaneSubject(.undescribed(contact)) == nil, "a contact still opens nothing")
  }
}
