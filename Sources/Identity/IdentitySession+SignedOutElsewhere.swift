import AppRuntime
import Diagnostics
import Foundation
import RosterCore

extension IdentitySession {
  /// Why the account this session holds in memory may no longer be used, nil while it may:
  /// `roster logout` in another terminal removed it from the token cache, or another process's
  /// refresh was refused for good and marked it signed out (issue 28 item 3). Before, a running
  /// UI went on fetching with the access token it held until that expired, up to an hour after
  /// the person had signed out. Checked on every use of that token, which is every Graph request,
  /// so one `stat` decides: the file is read and decoded again only when it changed since the last
  /// check (`lastSignOutCheck`). A store in memory (`--no-persist`) is this process's alone; a
  /// cache that cannot be read is not a sign-out (the refresh path reports it).
  func signedOutElsewhere(_ held: CachedAccount) async -> SignInFailure? {
    guard let path = store.location else { return nil }
    // The held account's own entry, not the file's active one: another terminal switching to or
    // signing in another account (`roster accounts use`, `roster login`) signs no one out here.
    let key = TokenCacheFile.key(for: held)
    let stamp = FileStamp.of(path)
    if let stamp, let last = lastSignOutCheck, last.stamp == stamp, last.key == key { return last.verdict }
    let verdict = await readSignOut(of: held, key: key)
    lastSignOutCheck = stamp.map { ($0, key, verdict) }
    return verdict
  }

  private func readSignOut(of held: CachedAccount, key: String) async -> SignInFailure? {
    guard let file = try? await store.load() else { return nil }
    guard let current = file.accounts[key] else {
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
