import Foundation
import SandboxDirectory

/// Who is calling Graph, read from a verified bearer token: the user and the delegated
/// permissions (`scp`) the token carries.
struct GraphCaller: Sendable {
  var user: DirectoryUser
  var permissions: Set<String>
  /// The app the token was issued to (`azp`).
  var clientId: String

  var canReadAllBasic: Bool { permissions.contains("User.ReadBasic.All") || canReadAllFull }
  /// Every user's full profile: `User.Read.All` or a permission above it. Graph's user-get page
  /// lists `User.ReadWrite.All`, `Directory.Read.All` and `Directory.ReadWrite.All` as higher
  /// privileged than `User.Read.All`, and they read the same properties (PROTOCOL.md).
  var canReadAllFull: Bool { !permissions.isDisjoint(with: Self.fullProfileReaders) }
  var canReadSelf: Bool { permissions.contains("User.Read") || canReadAllBasic }

  /// Groups and their members: `GroupMember.Read.All` or any permission that includes it.
  var canReadGroups: Bool { !permissions.isDisjoint(with: Self.groupReaders) }
  /// Members of hidden-membership groups (`Member.Read.Hidden`, on top of a group permission).
  var canReadHiddenMembers: Bool { permissions.contains("Member.Read.Hidden") }
  /// Another user's memberships: `User.Read.All` or a group permission.
  var canReadOthersMemberships: Bool { canReadAllFull || canReadGroups }
  var canReadDevices: Bool { permissions.contains("Device.Read.All") || permissions.contains("Directory.Read.All") }
  var canReadServicePrincipals: Bool {
    permissions.contains("Application.Read.All") || permissions.contains("Directory.Read.All")
  }
  /// Rooms and room lists: `Place.Read.All` or `Place.ReadWrite.All` (Graph's place-list page).
  var canReadPlaces: Bool { permissions.contains("Place.Read.All") || permissions.contains("Place.ReadWrite.All") }
  /// Free/busy through getSchedule: `Calendars.ReadBasic` (least privileged), `Calendars.Read` or
  /// `Calendars.ReadWrite` (calendar-getschedule's permissions table).
  var canReadSchedules: Bool {
    !permissions.isDisjoint(with: ["Calendars.ReadBasic", "Calendars.Read", "Calendars.ReadWrite"])
  }
  /// Users in a member list: any permission that reads other people's basic profiles.
  var canReadUsersInLists: Bool { canReadAllBasic || permissions.contains("Directory.Read.All") }

  static let fullProfileReaders: Set<String> = [
    "User.Read.All", "User.ReadWrite.All", "Directory.Read.All", "Directory.ReadWrite.All",
  ]

  static let groupReaders: Set<String> = [
    "GroupMember.Read.All", "GroupMember.ReadWrite.All", "Group.Read.All", "Group.ReadWrite.All",
    "Directory.Read.All", "Directory.ReadWrite.All",
  ]

  /// Whether `other`'s properties outside the basic profile must be hidden (null).
  func basicProfileOnly(for other: DirectoryUser) -> Bool {
    if other.id == user.id { return false }
    return !canReadAllFull
  }
}

extension SandboxTenant {
  private static func number(_ value: Any?) -> Double? {
    if let int = value as? Int { return Double(int) }
    return value as? Double
  }

  /// Checks `Authorization: Bearer …` like Graph: present, a JWT we signed for Graph, within
  /// its lifetime (and not expired by the fault), for a user who still exists.
  func authenticate(_ request: IncomingRequest) async -> Result<GraphCaller, GraphError> {
    guard let header = request.headers[.authorization], !header.isEmpty else {
      return .failure(.unauthenticated("Access token is empty."))
    }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else {
      return .failure(.unauthenticated("Access token is empty."))
    }
    let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
    let claims: [String: Any]
    do { claims = try signer.verify(token) } catch {
      switch error {
      case .empty: return .failure(.unauthenticated("Access token is empty."))
      case .malformed:
        return .failure(
          .unauthenticated(
            token.contains(".")
              ? "IDX14102: Unable to decode the header as Base64Url encoded string."
              : "IDX14100: JWT is not well formed, there are no dots (.).\nThe token needs to be in JWS or JWE Compact Serialization Format. (JWS): 'EncodedHeader.EndcodedPayload.EncodedSignature'. (JWE): 'EncodedProtectedHeader.EncodedEncryptedKey.EncodedInitializationVector.EncodedCiphertext.EncodedAuthenticationTag'."
          ))
      case .badSignature: return .failure(.unauthenticated("Access token validation failure. Invalid signature."))
      }
    }
    let audience = claims["aud"] as? String
    guard audience == TokenClaims.graphAudience || audience == ScopeSet.graphResource else {
      return .failure(.unauthenticated("Invalid x5t claim."))
    }
    let nowSeconds = now.timeIntervalSince1970
    let expires = Self.number(claims["exp"]) ?? 0
    let notBefore = Self.number(claims["nbf"]) ?? 0
    if nowSeconds >= expires { return .failure(.unauthenticated("Lifetime validation failed, the token is expired.")) }
    if nowSeconds < notBefore { return .failure(.unauthenticated("Access token has expired or is not yet valid.")) }
    let generation = await grants.accessTokenGeneration
    if let uti = claims["uti"] as? String, let tokenGeneration = Int(uti.dropFirst().prefix { $0 != "." }),
      tokenGeneration < generation
    {
      return .failure(.unauthenticated("Lifetime validation failed, the token is expired."))
    }
    guard claims["tid"] as? String == tenantId, let oid = claims["oid"] as? String,
      let user = directory.user(idOrUPN: oid)
    else { return .failure(.unauthenticated("Access token validation failure. Invalid audience.")) }
    let scopes = Set(((claims["scp"] as? String) ?? "").split(separator: " ").map(String.init))
    return .success(GraphCaller(user: user, permissions: scopes, clientId: claims["azp"] as? String ?? ""))
  }
}
