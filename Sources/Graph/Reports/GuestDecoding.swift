import Foundation
import RosterCore

/// Decodes guests and sponsors leniently, as `HealthDecoding` does: an entry without an id is
/// dropped, a field of the wrong type is absent, and every string is cleaned here.
enum GuestDecoding {
  static func guests(_ data: Data) throws(DirectoryError) -> (guests: [InactiveGuest], nextLink: String?) {
    let page = try ODataCollection(data)
    let guests = page.objects.compactMap { object -> InactiveGuest? in
      guard let id = object["id"] as? String, !id.isEmpty else { return nil }
      let activity = object["signInActivity"] as? [String: Any]
      return InactiveGuest(
        id: CleanText(id).string, displayName: RegistrationDecoding.text(object["displayName"]),
        mail: RegistrationDecoding.text(object["mail"]),
        userPrincipalName: RegistrationDecoding.text(object["userPrincipalName"]),
        externalUserState: RegistrationDecoding.text(object["externalUserState"]),
        externalUserStateChangeDateTime: HealthDecoding.date(object["externalUserStateChangeDateTime"]),
        createdDateTime: HealthDecoding.date(object["createdDateTime"]),
        lastSignInDateTime: HealthDecoding.date(activity?["lastSignInDateTime"]),
        lastNonInteractiveSignInDateTime: HealthDecoding.date(activity?["lastNonInteractiveSignInDateTime"]))
    }
    return (guests, page.nextLink)
  }

  static func sponsors(_ data: Data) throws(DirectoryError) -> (
    sponsors: [InactiveGuest.Sponsor], nextLink: String?
  ) {
    let page = try ODataCollection(data)
    let sponsors = page.objects.compactMap { object -> InactiveGuest.Sponsor? in
      guard let id = object["id"] as? String, !id.isEmpty else { return nil }
      return InactiveGuest.Sponsor(
        id: CleanText(id).string, isGroup: (object["@odata.type"] as? String) == "#microsoft.graph.group",
        displayName: RegistrationDecoding.text(object["displayName"]), mail: RegistrationDecoding.text(object["mail"]),
        userPrincipalName: RegistrationDecoding.text(object["userPrincipalName"]),
        accountEnabled: RegistrationDecoding.bool(object["accountEnabled"]))
    }
    return (sponsors, page.nextLink)
  }
}
