/// App registrations and enterprise apps as kinds of the list: searched page by page from
/// Graph's `$search` on `displayName` or the local index (`SearchedKind` writes the lifecycle
/// once), opened in an item pane that loads owners, the other half and the permissions. The two
/// differ only in their flavour and slice.
protocol AppListing: SearchedKind where Item == AppObject<Flavor> {
  associatedtype Flavor: AppFlavor
}

extension AppListing {
  static var kind: ObjectKind { Flavor.kind }
  /// application-list, serviceprincipal-list: `Application.Read.All` is the least privilege.
  static var readPermission: String? { "Application.Read.All" }
  static var singular: String? { Flavor.noun }
}

enum RegistrationListing: AppListing {
  typealias Flavor = RegistrationFlavor
  typealias Item = AppRegistration
  static let plural = "apps"
  static var slice: WritableKeyPath<AppState, SearchedRows<AppRegistration>> { \.apps }
}

enum EnterpriseListing: AppListing {
  typealias Flavor = EnterpriseFlavor
  typealias Item = EnterpriseApp
  static let plural = "enterprise apps"
  static var slice: WritableKeyPath<AppState, SearchedRows<EnterpriseApp>> { \.enterpriseApps }

  /// A service principal in a group's members opens as an enterprise app: its pane reads the rest.
  static func subject(forMember object: UndescribedObject) -> PaneSubject? {
    guard object.kind == .servicePrincipal else { return nil }
    var app = EnterpriseApp(id: object.id, displayName: object.displayName ?? CleanText(object.id))
    app.isPartial = true
    return row(app)
  }
}

extension KindPayload where Role == AnswerRole {
  /// Graph's page of apps of one flavour (or why it failed).
  public static func apps<Flavor>(_ result: Result<ItemPage<AppObject<Flavor>>, DirectoryError>) -> Self {
    Self(Flavor.kind, result)
  }
}

extension KindPayload where Role == IndexAnswerRole {
  /// The index's apps of one flavour, `asked` being one more than listed.
  public static func apps<Flavor>(_ apps: [AppObject<Flavor>], asked: Int) -> Self {
    Self(Flavor.kind, IndexRows(apps, asked: asked))
  }
}

extension KindPayload where Role == PaneDetailRole {
  /// An app's pane detail (or why it could not be read).
  public static func app<Flavor>(_ result: Result<AppDetail<Flavor>, DirectoryError>) -> Self {
    Self(Flavor.kind, result)
  }
}
