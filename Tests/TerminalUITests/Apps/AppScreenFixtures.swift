import Foundation
import RosterCore

@testable import TerminalUI

/// Apps as the snapshots show them: an app registration with a credential of each case (expired,
/// due in days, due in months, without an end), its enterprise app, an enterprise app from
/// another organisation, and names a hostile registrant typed. Dates count from the screens'
/// epoch (2027-01-15 08:00 UTC).
enum AppScreenFixtures {
  static let now = ScreenFixtures.epoch
  static let ivan = GroupScreenFixtures.ivan
  static let aoife = GroupScreenFixtures.aoife
  /// The signed-in tenant, as `ScreenFixtures.account` names it.
  static let tenant = "contoso.onmicrosoft.com"
  static let day: TimeInterval = 86_400

  /// Payroll's registration: a secret that ran out, a SAML certificate (Sign and Verify, counted
  /// once) due in 7 days, a secret due in 4 months and a certificate without an end.
  static let payroll = AppRegistration(
    id: "a-payroll", displayName: "Alpine Payroll Sync", appId: "0f6c2a1e-5b7d-4c3a-9e21-7d4b8a6c1f30",
    createdDateTime: now.addingTimeInterval(-700 * day),
    passwordCredentials: [
      PasswordCredential(
        keyId: "s-1", displayName: "prod rotation 2026", endDateTime: now.addingTimeInterval(-3 * day)),
      PasswordCredential(keyId: "s-2", hint: "Xq7", endDateTime: now.addingTimeInterval(130 * day)),
    ],
    keyCredentials: [
      KeyCredential(
        keyId: "k-1", customKeyIdentifier: "A1B2C3", displayName: "CN=payroll-signing", usage: "Sign",
        endDateTime: now.addingTimeInterval(7 * day)),
      KeyCredential(
        keyId: "k-2", customKeyIdentifier: "A1B2C3", displayName: "CN=payroll-signing", usage: "Verify",
        endDateTime: now.addingTimeInterval(7 * day)),
      KeyCredential(keyId: "k-3", displayName: "CN=legacy-bridge", usage: "Verify", endDateTime: nil),
    ],
    signInAudience: "AzureADMyOrg")

  /// Payroll's enterprise app in this tenant.
  static let payrollEnterprise = EnterpriseApp(
    id: "sp-payroll", displayName: "Alpine Payroll Sync", appId: payroll.appId, servicePrincipalType: "Application",
    accountEnabled: true, appOwnerOrganizationId: tenant)

  /// Another organisation's app consented to here: disabled, two secrets run out.
  static let alfresco = EnterpriseApp(
    id: "sp-alfresco", displayName: "Alfresco Cloud Connector", appId: "9d1e3f5a-2b4c-4d6e-8f0a-1c3e5a7b9d2f",
    passwordCredentials: [
      PasswordCredential(keyId: "s-3", displayName: "old", endDateTime: now.addingTimeInterval(-40 * day)),
      PasswordCredential(keyId: "s-4", displayName: "older", endDateTime: now.addingTimeInterval(-400 * day)),
    ],
    servicePrincipalType: "Application", accountEnabled: false,
    appOwnerOrganizationId: "72f988bf-86f1-41af-91ab-2d7cd011db47")

  /// A hostile registrant's name: an escape sequence, a bidi override and great length,
  /// cleaned where it was decoded (`CleanText`) and cut where it is drawn.
  static let hostile = AppRegistration(
    id: "a-hostile",
    displayName: CleanText(
      "Alert \u{1B}[31mRED\u{1B}[0m \u{202E}gnp.exe\u{202C} Automation Runbook for the Quarterly Finance Close Process"),
    appId: "3c5e7a9b-1d2f-4a6c-8e0b-2d4f6a8c0e1a", createdDateTime: now.addingTimeInterval(-20 * day),
    signInAudience: "AzureADMultipleOrgs")

  static let payrollPermissions = [
    AppPermission(
      kind: .application, resource: "Microsoft Graph", value: "User.Read.All",
      description: "Read all users' full profiles"),
    AppPermission(
      kind: .delegated, resource: "Microsoft Graph", value: "Mail.Send", description: "Send mail as a user",
      consentedPeople: 3),
    AppPermission(kind: .delegated, resource: "Microsoft Graph", value: "openid"),
  ]

  /// Ivan and Aoife own Payroll; one more owner is hidden from the address list.
  static var hiddenOwner: Person {
    var person = Person(id: "u-hidden", displayName: "Hidden Owner")
    person.showInAddressList = false
    return person
  }

  static let payrollDetail = AppDetail(
    app: payroll, owners: [ivan, aoife, hiddenOwner], counterpart: .found(payrollEnterprise),
    permissions: payrollPermissions)

  static let alfrescoDetail = AppDetail(
    app: alfresco, owners: [], counterpart: .none,
    permissions: [
      AppPermission(
        kind: .delegated, resource: "Microsoft Graph", value: "Files.ReadWrite.All",
        description: "Have full access to all files user can access")
    ])

  static func loaded<Flavor>(_ detail: AppDetail<Flavor>) -> ItemDetailStatus { .loaded(.app(.success(detail))) }

  static func pane<Flavor>(_ app: AppObject<Flavor>, _ detail: ItemDetailStatus) -> PaneState {
    .item(ItemPane(AnyListedItem(app), detail: detail))
  }

  /// "al" typed: groups, people, then apps and enterprise apps; Payroll's registration selected
  /// and read.
  static func mixed(rows: Int, cols: Int) -> AppState {
    var state = GroupScreenFixtures.mixedList(rows: rows, cols: cols)
    state.apps.isEnabled = true
    state.apps.status = .results
    state.apps.results = [hostile, payroll]
    state.apps.resultsQuery = "al"
    state.enterpriseApps.isEnabled = true
    state.enterpriseApps.status = .results
    state.enterpriseApps.results = [alfresco, payrollEnterprise]
    state.enterpriseApps.resultsQuery = "al"
    state.list.selected = ListRowID(.app, payroll.id)
    state.detail.pane = pane(payroll, loaded(payrollDetail))
    return state
  }

  /// Apps alone (Ctrl-G), the pane with the keyboard on `app`'s row `rowIndex`.
  static func appsOnly<Flavor>(
    rows: Int, cols: Int, _ app: AppObject<Flavor>, _ detail: ItemDetailStatus, rowIndex: Int = 0
  ) -> AppState {
    var state = mixed(rows: rows, cols: cols)
    state.list.kind = .only(Flavor.kind)
    state.list.selected = ListRowID(Flavor.kind, app.id)
    var itemPane = ItemPane(AnyListedItem(app), detail: detail)
    itemPane.rowIndex = rowIndex
    state.detail.pane = .item(itemPane)
    state.focus = .detail
    state.singlePaneDetailOpen = cols < 60
    return state
  }
}
