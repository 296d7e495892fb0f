import Foundation

/// One secret or certificate of one app, as `roster apps --expiring` prints it: the app's kind, ids
/// and name, the credential as ops count it (`AppCredentialDue`), and what Graph's own entry adds
/// (its `displayName`, start, a secret's `hint`, a certificate's `type`, `usage` and thumbprint —
/// never any secret text). The index keeps these fields as plain columns, written at sync time
/// (`AppCredentialColumns`), so the offline report reads them without decoding each app's JSON
/// (issue 42: decoding ten thousand apps was most of its time); from Graph they are made from the
/// app by `AppObject.credentialRows`, the same function the index's writes use, so both answers
/// print alike.
///
/// Its fields live in one shared box: a copy is one reference, not a dozen strings, and the
/// report sorts, copies and keeps ten thousand rows (issue 42: copying the fields was a tenth of
/// `roster apps --expiring 30d --offline`). Setting a field copies the box when it is shared.
public struct AppCredentialRow: Sendable, Equatable {
  /// The fields, as a plain value.
  struct Fields: Sendable, Equatable {
    var appKind: ObjectKind
    var appObjectId: String
    var appId: String?
    var appName: CleanText
    var due: AppCredentialDue
    var position: Int
    var entry: Entry
  }

  /// Written only while uniquely referenced (`update`), which is what makes it safe to share.
  private final class Box: @unchecked Sendable {
    var fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var box: Box

  private mutating func update(_ change: (inout Fields) -> Void) {
    if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    change(&box.fields)
  }

  /// `.app` (an app registration) or `.enterpriseApp`.
  public var appKind: ObjectKind {
    get { box.fields.appKind }
    set { update { $0.appKind = newValue } }
  }
  /// The app's object id and client id as Graph sent them (cleaned where they are printed).
  public var appObjectId: String {
    get { box.fields.appObjectId }
    set { update { $0.appObjectId = newValue } }
  }
  public var appId: String? {
    get { box.fields.appId }
    set { update { $0.appId = newValue } }
  }
  public var appName: CleanText {
    get { box.fields.appName }
    set { update { $0.appName = newValue } }
  }
  public var due: AppCredentialDue {
    get { box.fields.due }
    set { update { $0.due = newValue } }
  }
  /// Its place in the app's `credentials` (soonest first): two of one app ending at the same
  /// instant keep this order in the report.
  public var position: Int {
    get { box.fields.position }
    set { update { $0.position = newValue } }
  }
  /// Graph's entry with the credential's `keyId` (the first such, a secret among the app's
  /// secrets, a certificate among its certificates): its fields the JSON prints.
  public var entry: Entry {
    get { box.fields.entry }
    set { update { $0.entry = newValue } }
  }

  public struct Entry: Sendable, Equatable {
    public var displayName: CleanText?
    public var startDateTime: Date?
    /// A secret's first characters (`hint`).
    public var hint: CleanText?
    /// A certificate's `type`, `usage` and `customKeyIdentifier` (its thumbprint).
    public var type: CleanText?
    public var usage: CleanText?
    public var customKeyIdentifier: String?

    public init(
      displayName: CleanText? = nil, startDateTime: Date? = nil, hint: CleanText? = nil, type: CleanText? = nil,
      usage: CleanText? = nil, customKeyIdentifier: String? = nil
    ) {
      self.displayName = displayName
      self.startDateTime = startDateTime
      self.hint = hint
      self.type = type
      self.usage = usage
      self.customKeyIdentifier = customKeyIdentifier
    }
  }

  public init(
    appKind: ObjectKind, appObjectId: String, appId: String?, appName: CleanText, due: AppCredentialDue,
    position: Int, entry: Entry
  ) {
    box = Box(
      Fields(
        appKind: appKind, appObjectId: appObjectId, appId: appId, appName: appName, due: due, position: position,
        entry: entry))
  }

  public static func == (left: AppCredentialRow, right: AppCredentialRow) -> Bool {
    left.box === right.box || left.box.fields == right.box.fields
  }

  /// The end as seconds since 2001 (`distantFuture`'s when it has none): what the report sorts by,
  /// read without copying the credential's strings.
  public var endSeconds: Double {
    box.fields.due.endDateTime?.timeIntervalSinceReferenceDate ?? Date.distantFuture.timeIntervalSinceReferenceDate
  }

  /// Whether the app is an app registration (listed before enterprise apps).
  public var isRegistration: Bool { appKind == .app }
  /// "app", "enterprise app".
  public var appNoun: String { isRegistration ? RegistrationFlavor.noun : EnterpriseFlavor.noun }
  /// `#microsoft.graph.application`, `#microsoft.graph.servicePrincipal`.
  public var appODataType: String { isRegistration ? RegistrationFlavor.odataType : EnterpriseFlavor.odataType }
}

extension AppObject {
  /// Each of its secrets and certificates (`credentials`: soonest first, a certificate listed for
  /// Sign and Verify once) with the fields the expiry report prints.
  public var credentialRows: [AppCredentialRow] {
    credentials.enumerated().map { position, due in
      AppCredentialRow(
        appKind: Flavor.kind, appObjectId: id, appId: appId, appName: displayName, due: due, position: position,
        entry: entry(of: due))
    }
  }

  private func entry(of due: AppCredentialDue) -> AppCredentialRow.Entry {
    switch due.kind {
    case .secret:
      guard let secret = passwordCredentials.first(where: { $0.keyId == due.keyId }) else { return .init() }
      return .init(displayName: secret.displayName, startDateTime: secret.startDateTime, hint: secret.hint)
    case .certificate:
      guard let certificate = keyCredentials.first(where: { $0.keyId == due.keyId }) else { return .init() }
      return .init(
        displayName: certificate.displayName, startDateTime: certificate.startDateTime, type: certificate.type,
        usage: certificate.usage, customKeyIdentifier: certificate.customKeyIdentifier)
    }
  }
}
