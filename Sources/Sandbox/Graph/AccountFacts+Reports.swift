import Foundation
import SandboxDirectory

/// The registration report, licences and devices of one generated user.
extension AccountFacts {
  // MARK: - userRegistrationDetails

  /// Method names as Graph's `methodsRegistered` spells them.
  static let strongMethods = [
    "microsoftAuthenticatorPush", "softwareOneTimePasscode", "mobilePhone", "windowsHelloForBusiness", "fido2",
    "passKeyDeviceBound",
  ]

  /// One person in four has no second factor (none, or an e-mail for password reset only), nor
  /// does a guest who has not accepted the invitation.
  var isMfaRegistered: Bool { externalUserState != "PendingAcceptance" && roll("mfa") % 4 != 0 }

  var methodsRegistered: [String] {
    guard isMfaRegistered else { return roll("sspr") % 2 == 0 ? [] : ["email"] }
    let first = Int(roll("method1") % UInt64(Self.strongMethods.count))
    let second = Int(roll("method2") % UInt64(Self.strongMethods.count))
    return first == second ? [Self.strongMethods[first]] : [Self.strongMethods[first], Self.strongMethods[second]]
  }

  func registrationDetails() -> JSONValue {
    let methods = methodsRegistered
    return .object([
      ("id", .string(user.id)), ("userPrincipalName", .string(user.userPrincipalName)),
      ("userDisplayName", user.displayName.map(JSONValue.string) ?? .null),
      ("userType", .string(isGuest ? "guest" : "member")), ("isAdmin", .bool(roll("admin") % 40 == 0)),
      ("isSsprRegistered", .bool(!methods.isEmpty)), ("isSsprEnabled", .bool(true)),
      ("isSsprCapable", .bool(!methods.isEmpty)), ("isMfaRegistered", .bool(isMfaRegistered)),
      ("isMfaCapable", .bool(isMfaRegistered && user.accountEnabled)),
      ("isPasswordlessCapable", .bool(methods.contains("fido2") || methods.contains("windowsHelloForBusiness"))),
      ("methodsRegistered", .array(methods.map(JSONValue.string))),
      ("isSystemPreferredAuthenticationMethodEnabled", .bool(false)),
      ("systemPreferredAuthenticationMethods", .array([])),
      ("userPreferredMethodForSecondaryAuthentication", .string(isMfaRegistered ? "push" : "none")),
      ("lastUpdatedDateTime", .string(createdDateTime.addingTimeInterval(86_400).wholeSeconds.formatted(.iso8601))),
    ])
  }

  // MARK: - licenseDetails

  /// SKUs the sandbox assigns: part number, SKU id and service plans (names and ids as in
  /// Microsoft's licensing CSV), and one part number no table knows, shown raw by clients.
  static let skus: [(part: String, id: String, plans: [(String, String)])] = [
    (
      "ENTERPRISEPACK", "6fd2c87f-b296-42f0-b197-1e91e994b900",
      [
        ("EXCHANGE_S_ENTERPRISE", "efb87545-963c-4e0d-99df-69c6916d9eb0"),
        ("TEAMS1", "57ff2da0-773e-42df-b2af-ffb7a2317929"),
      ]
    ),
    (
      "SPE_E5", "06ebc4ee-1bb5-47dd-8120-11324bc54e06",
      [
        ("EXCHANGE_S_ENTERPRISE", "efb87545-963c-4e0d-99df-69c6916d9eb0"),
        ("AAD_PREMIUM_P2", "eec0eb4f-6444-4f95-aba0-50c24d67f998"),
      ]
    ),
    (
      "O365_BUSINESS_ESSENTIALS", "3b555118-da6a-4418-894f-7df1e2096870",
      [("EXCHANGE_S_STANDARD", "9aaf7827-d63c-4b61-89c3-182f06f82e5c")]
    ),
    (
      "AAD_PREMIUM", "078d2b04-f1bd-4111-bbd4-b4b1b354cef4",
      [
        ("AAD_PREMIUM", "41781fb2-bc02-4b7c-bd55-b576c07bb09d"),
        ("MFA_PREMIUM", "8a256a2b-b617-496d-b51b-e76466e88db0"),
      ]
    ),
    ("MCOMEETADV", "0c266dff-15dd-4b49-8397-2bb16070ed52", [("MCOMEETADV", "3e26ee1f-8a5f-4d52-aee2-b81ce45c8f40")]),
    (
      "RIGHTSMANAGEMENT", "c52ea49f-fe5d-4e95-93ba-1de91d380f89",
      [
        ("RMS_S_ENTERPRISE", "bea4c11e-220a-4e6d-8eb8-8ea15d019f90"),
        ("RMS_S_PREMIUM", "6c57d4b6-3b23-47a5-9bc9-69f17b4947b3"),
      ]
    ),
    (
      "CONTOSO_LAB_\u{1B}[31mSKU", "00000000-5a4d-4b0c-8000-00000000c0de",
      [("EXCHANGE_S_FOUNDATION", "113feb6c-3fe4-4440-bddc-54d774bf0318")]
    ),
  ]

  /// Guests and one member in ten hold none; others one main SKU and sometimes add-ons.
  var licenseIndexes: [Int] {
    if isGuest || roll("unlicensed") % 10 == 0 { return [] }
    var picked = [Int(roll("sku") % 3)]
    for (index, chance) in [(3, 3), (4, 4), (5, 6), (6, 12)] where roll("sku\(index)") % UInt64(chance) == 0 {
      picked.append(index)
    }
    return picked
  }

  func licenseDetails() -> [JSONValue] {
    licenseIndexes.map { index in
      let sku = Self.skus[index]
      return .object([
        ("id", .string(Base64URL.encode(Data((user.id + sku.id).utf8)))), ("skuId", .string(sku.id)),
        ("skuPartNumber", .string(sku.part)),
        (
          "servicePlans",
          .array(
            sku.plans.map { plan in
              .object([
                ("servicePlanId", .string(plan.1)), ("servicePlanName", .string(plan.0)),
                ("provisioningStatus", .string("Success")), ("appliesTo", .string("User")),
              ])
            })
        ),
      ])
    }
  }
}
