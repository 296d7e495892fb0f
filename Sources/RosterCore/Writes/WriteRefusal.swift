import Foundation

/// Why Graph said no to a write, as a sentence that says why and who could do it (issue 45 item
/// 4). Made from the status and error code Graph answered with and what the look-up read.
public enum WriteRefusal {
  /// The sentence for a refusal of `plan` with Graph's `status`, `code` and `message`.
  public static func sentence(_ plan: WritePlan, status: Int, code: String?, message: String) -> String {
    let who = plan.person.displayName ?? plan.person.userPrincipalName
    let groupName = plan.group?.displayName ?? "the group"
    let refused: String
    switch plan.kind {
    case .groupAdd: refused = "Microsoft Graph refused to add \(who) to \(groupName)"
    case .groupRemove: refused = "Microsoft Graph refused to remove \(who) from \(groupName)"
    default: refused = "Microsoft Graph refused to \(plan.kind.verb) \(who)"
    }
    let lower = message.lowercased()
    if let group = plan.group, plan.kind == .groupAdd || plan.kind == .groupRemove {
      if group.isDynamic || lower.contains("dynamic") { return "\(refused): " + dynamicGroup }
      if group.isSynced || lower.contains("on-premises") || lower.contains("directory sync") {
        return "\(refused): " + syncedGroup
      }
      if status == 404, plan.kind == .groupRemove {
        return "\(who) is not a member of \(group.displayName ?? "the group") (directly): nothing was removed."
      }
      if status == 400, lower.contains("already exist") {
        return "\(who) is a member of \(group.displayName ?? "the group") already."
      }
    }
    if plan.person.onPremisesSyncEnabled == true, plan.kind == .disable || plan.kind == .enable {
      return "\(refused): " + syncedAccount(plan.kind)
    }
    if plan.kind == .tap, status == 400 || status == 403,
      lower.contains("policy") || lower.contains("temporary access pass is not enabled")
    {
      return "\(refused): the tenant's Temporary Access Pass policy is off or does not include this person. An "
        + "Authentication Policy Administrator can turn it on (Entra admin center, Authentication methods)."
    }
    if status == 403, lower.contains("licen") {
      return "\(refused): the tenant lacks the licence this needs (Graph said: \(message))."
    }
    if status == 403 {
      return "\(refused): your directory roles do not allow it. " + plan.kind.roleSentence
    }
    if status == 404 {
      return "\(refused): Graph no longer finds them (deleted, or the id changed)."
    }
    let codeText = code.map { " (\($0))" } ?? ""
    return "\(refused): Graph answered \(status)\(codeText): \(message)"
  }

  /// Why no one may change a dynamic group's members: Graph's refusal and the plan's own.
  public static let dynamicGroup =
    "its membership is by rule (a dynamic group), so members cannot be added or removed; change the rule, or its "
    + "filter on the person's properties."

  /// Why a group synced from on-premises AD keeps its members there.
  public static let syncedGroup =
    "the group is managed in on-premises Active Directory; change its members there, and Entra Connect brings them over."

  /// Why a synced account is enabled or disabled on premises.
  public static func syncedAccount(_ kind: WriteKind) -> String {
    "the account is managed in on-premises Active Directory; \(kind == .disable ? "disable" : "enable") it there, and "
      + "Entra Connect brings the change over."
  }

  /// The sentence for a permission the sign-in lacks and was not granted.
  public static func missingPermission(_ kind: WriteKind, lacking: [String]) -> String {
    let list = lacking.joined(separator: " and ")
    return
      "roster \(kind.commandName) needs the delegated permission \(list), which this sign-in lacks. An administrator "
      + "adds it to the app registration (API permissions, Microsoft Graph, Delegated) and grants consent; then run the "
      + "command again at a terminal to sign in for it, or sign in with it added to scopes (settings or ROSTER_SCOPES)."
  }
}
