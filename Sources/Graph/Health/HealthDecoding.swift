import Foundation
import RosterCore

/// Decodes Graph's account-health answers leniently, as `RoomDecoding` does: a field of the wrong
/// type is absent, a list entry without what identifies it is dropped, and only a body that is not
/// the expected object or collection is malformed. Text is cleaned here, where it enters: sign-in
/// logs carry what strangers typed (user agents, app names, places).
enum HealthDecoding {
  static func accountState(_ data: Data) throws(DirectoryError) -> AccountState {
    let object = try PeopleDecoding.jsonObject(data)
    return AccountState(
      accountEnabled: bool(object["accountEnabled"]), createdDateTime: date(object["createdDateTime"]),
      userType: text(object["userType"]), externalUserState: text(object["externalUserState"]),
      externalUserStateChangeDateTime: date(object["externalUserStateChangeDateTime"]),
      onPremisesSyncEnabled: bool(object["onPremisesSyncEnabled"]),
      onPremisesLastSyncDateTime: date(object["onPremisesLastSyncDateTime"]), employeeId: text(object["employeeId"]),
      usageLocation: text(object["usageLocation"]))
  }

  static func lastSignIn(_ data: Data) throws(DirectoryError) -> LastSignIn {
    let object = try PeopleDecoding.jsonObject(data)
    // No `signInActivity` object (absent or null): Graph told nothing, which is said as unknown.
    let returned = object["signInActivity"] as? [String: Any]
    let activity = returned ?? [:]
    return LastSignIn(
      lastSuccessfulSignInDateTime: date(activity["lastSuccessfulSignInDateTime"]),
      lastSignInDateTime: date(activity["lastSignInDateTime"]),
      lastNonInteractiveSignInDateTime: date(activity["lastNonInteractiveSignInDateTime"]),
      activityReturned: returned != nil)
  }

  static func registration(_ data: Data) throws(DirectoryError) -> MFARegistration {
    let object = try PeopleDecoding.jsonObject(data)
    return MFARegistration(
      isMfaRegistered: bool(object["isMfaRegistered"]), isMfaCapable: bool(object["isMfaCapable"]),
      methodsRegistered: (object["methodsRegistered"] as? [Any])?.compactMap(text) ?? [],
      lastUpdatedDateTime: date(object["lastUpdatedDateTime"]))
  }

  static func licences(_ data: Data) throws(DirectoryError) -> (licences: [Licence], nextLink: String?) {
    let page = try ODataCollection(data)
    let licences = page.objects.compactMap { object -> Licence? in
      guard let part = text(object["skuPartNumber"]), !part.string.isEmpty else { return nil }
      return Licence(skuId: text(object["skuId"]), skuPartNumber: part)
    }
    return (licences, page.nextLink)
  }

  static func devices(_ data: Data, relation: PersonDevice.Relation) throws(DirectoryError) -> (
    devices: [PersonDevice], nextLink: String?
  ) {
    let page = try ODataCollection(data)
    let devices = page.objects.compactMap { object -> PersonDevice? in
      // Owned objects may be other directory objects; only devices are listed.
      if let type = object["@odata.type"] as? String, type != "#microsoft.graph.device" { return nil }
      guard let id = object["id"] as? String, !id.isEmpty else { return nil }
      return PersonDevice(
        id: id, displayName: text(object["displayName"]), operatingSystem: text(object["operatingSystem"]),
        operatingSystemVersion: text(object["operatingSystemVersion"]), isCompliant: bool(object["isCompliant"]),
        isManaged: bool(object["isManaged"]),
        approximateLastSignInDateTime: date(object["approximateLastSignInDateTime"]), relation: relation)
    }
    return (devices, page.nextLink)
  }

  static func signIns(_ data: Data) throws(DirectoryError) -> (events: [SignInLogEntry], nextLink: String?) {
    let page = try ODataCollection(data)
    return (page.objects.compactMap(signIn), page.nextLink)
  }

  static func signIn(_ object: [String: Any]) -> SignInLogEntry? {
    guard let id = object["id"] as? String, !id.isEmpty, let when = date(object["createdDateTime"]) else {
      return nil
    }
    let status = object["status"] as? [String: Any] ?? [:]
    let location = object["location"] as? [String: Any] ?? [:]
    let policies = (object["appliedConditionalAccessPolicies"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
    let failed = policies.filter { ($0["result"] as? String) == "failure" }.compactMap { text($0["displayName"]) }
    return SignInLogEntry(
      id: id, createdDateTime: when, appDisplayName: text(object["appDisplayName"]),
      clientAppUsed: text(object["clientAppUsed"]), ipAddress: text(object["ipAddress"]),
      city: text(location["city"]), state: text(location["state"]), countryOrRegion: text(location["countryOrRegion"]),
      errorCode: integer(status["errorCode"]) ?? 0, failureReason: text(status["failureReason"]),
      conditionalAccessStatus: text(object["conditionalAccessStatus"]), failedPolicies: failed,
      isInteractive: bool(object["isInteractive"]), userId: object["userId"] as? String,
      userPrincipalName: text(object["userPrincipalName"]), userDisplayName: text(object["userDisplayName"]))
  }

  /// Graph's instants: `2024-04-24T09:53:13Z`, with up to seven fraction digits, which
  /// `ISO8601FormatStyle` does not read; the fraction is dropped (a second is precise enough).
  static func date(_ value: Any?) -> Date? {
    guard var text = value as? String, text.count >= 20 else { return nil }
    if let dot = text.firstIndex(of: "."), let end = text[dot...].firstIndex(where: { !$0.isNumber && $0 != "." }) {
      text.removeSubrange(dot..<end)
    }
    return try? Date(text, strategy: .iso8601)
  }

  private static func text(_ value: Any?) -> CleanText? { (value as? String).map { CleanText($0) } }

  /// A JSON boolean only: 1 is not "yes".
  private static func bool(_ value: Any?) -> Bool? {
    guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
    return number.boolValue
  }

  /// A whole number (a boolean is not one).
  private static func integer(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
    let double = number.doubleValue
    guard double == double.rounded(), abs(double) < 1e12 else { return nil }
    return Int(double)
  }
}
