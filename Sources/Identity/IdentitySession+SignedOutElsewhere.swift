import Diagnostics
import Foundation
import RosterCore

extension IdentitySession {
  /// Why the account this session holds in memory may no longer be used, nil while it may:
  /// `roster logout` in another terminal removed it from the token cache, or another process's
  /// refresh was refused for good and marked it signed out (issue 28 item 3). Before, a running
  /// UI went on fetching with the access token it held until that expired, up to an hour after
  /// the person had signed out. Read on every use of that token: one small file read, no lock.
  /// A store in memory (`--no-persist`) is this process's alone; a cache that cannot be read is
  /// not a sign-out (the refresh path reports it).
  func signedOutElsewhere(_ held: CachedAccount) async -> SignInFailure? {
    guard store.location != nil, let file = try? await store.load() else { return nil }
    // The held account's own entry, not the file's active one: another terminal switching to or
    // signing in another account (`roster accounts use`, `roster login`) signs no one out here.
    guard let current = file.accounts[TokenCacheFile.key(for: held)] else {
      DiagnosticLog.logger("roster.identity").info(
        "account removed from the token cache by another process", metadata: ["user": "\(held.account.username)"])
      return SignInFailure(message: "This account was signed out (roster logout).", error: "signed_out")
    }
    if let reason = current.signedOutReason {
      return SignInFailure(message: CleanText(reason), error: "invalid_grant")
    }
    return nil
  }
}
