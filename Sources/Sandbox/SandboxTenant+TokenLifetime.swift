import Foundation
import SandboxDirectory

extension SandboxTenant {
  /// Entra's default access-token lifetime range, in seconds: "a random value ranging between
  /// 60-90 minutes" (entra-docs access-tokens.md; protocol.md §2.4).
  static let defaultLifetimeRange = 3600...5400

  /// The lifetime of the next access token: `--token-lifetime` when set, else a value in
  /// `defaultLifetimeRange` drawn from the seed and the token's number, so a run is repeatable
  /// and no two tokens in a row need have the same lifetime.
  func accessTokenLifetime() async -> Int {
    if let fixed = configuration.tokenLifetime { return fixed }
    let number = await grants.nextAccessTokenNumber()
    var random = SeededRandom(seed: configuration.seed &* 0x2545_F491_4F6C_DD1D &+ number)
    let range = Self.defaultLifetimeRange
    return range.lowerBound + Int(random.next() % UInt64(range.count))
  }
}
