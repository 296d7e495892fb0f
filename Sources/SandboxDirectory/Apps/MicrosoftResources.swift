/// The permissions Microsoft's first-party APIs publish on their enterprise apps, under the ids
/// Microsoft uses in every tenant (Graph's permissions reference lists them), so a client that
/// resolves an `appRoleId` or a grant's `scope` against the resource's `appRoles` and
/// `oauth2PermissionScopes` sees the names a real tenant shows. A handful each, not the catalogue.
public enum MicrosoftResources {
  public static let graphAppId = "00000003-0000-0000-c000-000000000000"
  public static let exchangeAppId = "00000002-0000-0ff1-ce00-000000000000"

  public static let graphRoles = [
    AppRole(
      id: "df021288-bdef-4463-88db-98f22de89214", value: "User.Read.All", displayName: "Read all users' full profiles",
      description: "Allows the app to read user profiles without a signed in user."),
    AppRole(
      id: "7ab1d382-f21e-4acd-a863-ba3e13f7da61", value: "Directory.Read.All", displayName: "Read directory data",
      description: "Allows the app to read data in your organization's directory, without a signed-in user."),
    AppRole(
      id: "5b567255-7703-4780-807c-7be8301ae99b", value: "Group.Read.All", displayName: "Read all groups",
      description: "Allows the app to read group properties and memberships, without a signed-in user."),
    AppRole(
      id: "9a5d68dd-52b0-4cc2-bd40-abcf44ac3a30", value: "Application.Read.All", displayName: "Read all applications",
      description: "Allows the app to read all applications and service principals without a signed-in user."),
    AppRole(
      id: "b633e1c5-b582-4048-a93e-9f11b44c7e96", value: "Mail.Send", displayName: "Send mail as any user",
      description: "Allows the app to send mail as any user without a signed-in user."),
  ]

  public static let graphScopes = [
    PermissionScope(
      id: "e1fe6dd8-ba31-4d61-89e7-88639da4683d", value: "User.Read", admin: "Sign in and read user profile",
      user: "Sign you in and read your profile", adminOnly: false),
    PermissionScope(
      id: "e383f46e-2787-4529-855e-0e479a3ffac0", value: "Mail.Send", admin: "Send mail as a user",
      user: "Send mail as you", adminOnly: false),
    PermissionScope(
      id: "a154be20-db9c-4678-8ab7-66f6cc099a59", value: "User.Read.All", admin: "Read all users' full profiles",
      user: "Read all users' full profiles", adminOnly: true),
    PermissionScope(
      id: "06da0dbc-49e2-44d2-8312-53f166ab848a", value: "Directory.Read.All", admin: "Read directory data",
      user: "Read directory data", adminOnly: true),
    PermissionScope(
      id: "37f7f235-527c-4136-accd-4a02d197296e", value: "openid", admin: "Sign users in", user: "Sign you in",
      adminOnly: false),
    PermissionScope(
      id: "7427e0e9-2fba-42fe-b0c0-848c9e6a8182", value: "offline_access",
      admin: "Maintain access to data you have given it access to",
      user: "Maintain access to data you have given it access to", adminOnly: false),
  ]

  public static let exchangeRoles = [
    AppRole(
      id: "dc50a0fb-09a3-484d-be87-e023b12c6440", value: "Exchange.ManageAsApp",
      displayName: "Manage Exchange As Application",
      description: "Allows the app to manage the organization's Exchange environment without any user interaction."),
    AppRole(
      id: "dc890d15-9560-4a4c-9b7f-a736ec74ec40", value: "full_access_as_app",
      displayName: "Use Exchange Web Services with full access to all mailboxes",
      description:
        "Allows the app to have full access via Exchange Web Services to all mailboxes without a signed-in user."),
  ]

  /// Delegated permission sets a client is granted (space-separated, as `scope` holds them).
  static let grantedScopes = [
    "User.Read", "openid offline_access User.Read", "User.Read Mail.Send", "User.Read.All",
    "Directory.Read.All User.Read",
  ]
}
