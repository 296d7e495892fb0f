import Foundation
import RosterCore

/// Decodes the registration report leniently, as `HealthDecoding` does: an entry without an id is
/// dropped, a field of the wrong type is absent, and every string is cleaned here.
enum RegistrationDecoding {
  static func page(_ data: Data) throws(DirectoryError) -> (entries: [RegistrationEntry], nextLink: String?) {
    let page = try ODataCollection(data)
    let entries = page.objects.compactMap { object -> RegistrationEntry? in
      guard let id = object["id"] as? String, !id.isEmpty else { return nil }
      return RegistrationEntry(
        id: CleanText(id).string, userPrincipalName: text(object["userPrincipalName"]),
        userDisplayName: text(object["userDisplayName"]), userType: text(object["userType"]),
        isAdmin: bool(object["isAdmin"]), isMfaRegistered: bool(object["isMfaRegistered"]),
        isMfaCapable: bool(object["isMfaCapable"]), methodsRegistered: texts(object["methodsRegistered"]),
        userPreferredMethodForSecondaryAuthentication: text(object["userPreferredMethodForSecondaryAuthentication"]),
        isSystemPreferredAuthenticationMethodEnabled: bool(object["isSystemPreferredAuthenticationMethodEnabled"]),
        systemPreferredAuthenticationMethods: texts(object["systemPreferredAuthenticationMethods"]),
        lastUpdatedDateTime: HealthDecoding.date(object["lastUpdatedDateTime"]))
    }
    return (entries, page.nextLink)
  }

  static func text(_ value: Any?) -> CleanText? {
    (value as? String).flatMap { $0.isEmpty ? nil : CleanText($0) }
  }

  static func texts(_ value: Any?) -> [CleanText] {
    ((value as? [Any]) ?? []).compactMap { text($0) }
  }

  /// A JSON boolean only: Foundation reads 0 and 1 as NSNumber too, and 1 is not "yes".
  static func bool(_ value: Any?) -> Bool? {
    guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
    return number.boolValue
  }
}
