/// The links of one person, for the pane's keys and `roster link`: one place says which of a
/// person's fields each link is built from.
public enum PersonLink: String, Sendable, Hashable, CaseIterable {
  case chat, call, videoCall, mail, portal

  /// The link for `person`, or nil when they lack the field it needs (no user name and no mail
  /// for Teams, no mail for `mailto:`). The Entra link names no tenant, as the admin centre's own
  /// address bar does: it opens in the directory the browser is signed in to.
  public func link(for person: Person) -> DeepLink? {
    // Teams' `users` takes the user principal name; the mail is the same for most people and
    // the only address some guests have.
    let teamsUser = [person.userPrincipalName, person.mail].lazy.compactMap { $0?.string }.first { !$0.isEmpty }
    switch self {
    case .chat: return teamsUser.flatMap { DeepLink.teamsChat(users: [$0]) }
    case .call: return teamsUser.flatMap { DeepLink.teamsCall(users: [$0]) }
    case .videoCall: return teamsUser.flatMap { DeepLink.teamsCall(users: [$0], video: true) }
    case .mail: return person.mail.flatMap { DeepLink.mail(to: [$0.string]) }
    case .portal: return DeepLink.entraUser(objectID: person.id)
    }
  }
}
