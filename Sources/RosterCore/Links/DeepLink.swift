/// A link Roster hands the terminal (OSC 8), the clipboard (OSC 52) or standard output
/// (`roster link`): a Teams chat or call, a mail, the person in the Entra admin centre, or
/// Teams' meeting dialog. Roster itself never opens or fetches one: nothing of it goes to the
/// network from here.
///
/// `url` is printable ASCII without spaces (`LinkEncoding`), so it can be written inside an
/// escape sequence as it is.
public struct DeepLink: Sendable, Hashable {
  /// What the link does; says it in banners ("the Teams chat link").
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case chat, call, videoCall, mail, portal, meeting

    /// The words a banner uses: "Copied the Teams chat link for Ada Lovelace".
    public var noun: String {
      switch self {
      case .chat: "Teams chat link"
      case .call: "Teams call link"
      case .videoCall: "Teams video call link"
      case .mail: "mail link"
      case .portal: "Entra admin centre link"
      case .meeting: "Teams meeting link"
      }
    }
  }

  public let kind: Kind
  public let url: String

  init(_ kind: Kind, _ url: String) {
    self.kind = kind
    self.url = url
  }

  /// Teams' documented "start a new chat" link (learn.microsoft.com, "Deep link to a workflow
  /// in Teams"): `https://teams.microsoft.com/l/chat/0/0?users=<upn>,…&topicName=…&message=…`.
  /// `users` takes user principal names (or mail addresses); nil when none is left after cleaning.
  public static func teamsChat(users: [String], topic: String? = nil, message: String? = nil) -> DeepLink? {
    guard let users = userList(users) else { return nil }
    var url = "https://teams.microsoft.com/l/chat/0/0?users=" + users
    if let topic = nonEmpty(topic) { url += "&topicName=" + LinkEncoding.queryValue(topic) }
    if let message = nonEmpty(message) { url += "&message=" + LinkEncoding.queryValue(message) }
    return DeepLink(.chat, url)
  }

  /// Teams' documented call link (same page, "Generate a deep link to a call"):
  /// `https://teams.microsoft.com/l/call/0/0?users=<upn>,…`, with `&withVideo=true` for video.
  /// Teams asks before it calls.
  public static func teamsCall(users: [String], video: Bool = false) -> DeepLink? {
    guard let users = userList(users) else { return nil }
    let url = "https://teams.microsoft.com/l/call/0/0?users=" + users + (video ? "&withVideo=true" : "")
    return DeepLink(video ? .videoCall : .call, url)
  }

  /// `mailto:` (RFC 6068): the addresses, and an optional subject and body (spaces as `%20`,
  /// never `+`, as §5 asks). Nil when no address is left.
  public static func mail(to addresses: [String], subject: String? = nil, body: String? = nil) -> DeepLink? {
    let encoded = addresses.map(LinkEncoding.mailAddress).filter { !$0.isEmpty }
    guard !encoded.isEmpty else { return nil }
    var fields: [String] = []
    if let subject = nonEmpty(subject) { fields.append("subject=" + LinkEncoding.queryValue(subject)) }
    if let body = nonEmpty(body) { fields.append("body=" + LinkEncoding.queryValue(body)) }
    let query = fields.isEmpty ? "" : "?" + fields.joined(separator: "&")
    return DeepLink(.mail, "mailto:" + encoded.joined(separator: ",") + query)
  }

  /// The user's page in the Microsoft Entra admin centre, by object id:
  /// `https://entra.microsoft.com/<tenant>/#view/Microsoft_AAD_UsersAndTenants/UserProfileMenuBlade/~/overview/userId/<id>`.
  /// The tenant (an id or a domain) picks the directory for someone signed in to several; it is
  /// left out when unknown. A portal address, not a documented contract (PROTOCOL.md).
  public static func entraUser(objectID: String, tenant: String? = nil) -> DeepLink? {
    let id = LinkEncoding.pathSegment(objectID)
    guard !id.isEmpty else { return nil }
    let directory = nonEmpty(tenant).map { LinkEncoding.pathSegment($0) + "/" } ?? ""
    return DeepLink(
      .portal,
      "https://entra.microsoft.com/\(directory)#view/Microsoft_AAD_UsersAndTenants/UserProfileMenuBlade/~/overview/userId/\(id)"
    )
  }

  /// Comma-separated encoded addresses, or nil when none is left.
  static func userList(_ users: [String]) -> String? {
    let encoded = users.map(LinkEncoding.address).filter { !$0.isEmpty }
    return encoded.isEmpty ? nil : encoded.joined(separator: ",")
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let text, !LinkEncoding.trimmed(text).isEmpty else { return nil }
    return text
  }
}
