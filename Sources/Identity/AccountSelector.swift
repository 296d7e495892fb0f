import Foundation
import RosterCore

/// Finds the cached account a person named (`--account X`, `ROSTER_ACCOUNT`, the `account`
/// setting, `roster accounts use X`): its number in `roster accounts`, the name given at sign-in,
/// its user name, or `user/tenant` when one person is signed in to several tenants.
///
/// A name that matches nothing, or more than one account, is an error with the choices: a command
/// never falls back to another identity than the one asked for.
public enum AccountSelector {
  /// Why a selector found no single account; `message` is for the person.
  public struct Failure: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable { case notFound, ambiguous }
    public var reason: Reason
    public var message: String
  }

  /// The one account `text` names in `file`.
  public static func select(_ text: String, in file: TokenCacheFile) throws(Failure) -> (
    key: String, entry: CachedAccount
  ) {
    let wanted = text.trimmingCharacters(in: .whitespaces)
    let ordered = file.ordered
    if let number = Int(wanted) {
      guard number >= 1, number <= ordered.count else {
        throw Failure(
          reason: .notFound,
          message: "There is no account \(number): \(describe(ordered)). `roster accounts` lists them.")
      }
      return ordered[number - 1]
    }
    let lower = wanted.lowercased()
    if let exact = ordered.first(where: { $0.key == lower }) { return exact }
    let named = ordered.filter { $0.entry.name?.lowercased() == lower }
    let byUser = ordered.filter { $0.entry.account.username.string.lowercased() == lower }
    let byUserAndTenant = ordered.filter { candidate in
      let account = candidate.entry.account
      let tenantSegment = URLComponents(string: account.authority)?.path.split(separator: "/").first.map(String.init)
      return [account.tenantId.string, tenantSegment ?? ""].contains { tenant in
        !tenant.isEmpty && "\(account.username.string)/\(tenant)".lowercased() == lower
      }
    }
    for matches in [named, byUser, byUserAndTenant] where !matches.isEmpty {
      if matches.count == 1 { return matches[0] }
      let numbers = matches.compactMap { match in ordered.firstIndex { $0.key == match.key }.map { "\($0 + 1)" } }
      throw Failure(
        reason: .ambiguous,
        message:
          "“\(CleanText(wanted))” names \(matches.count) accounts (\(numbers.joined(separator: ", "))); "
          + "give the number, or user/tenant.")
    }
    throw Failure(
      reason: .notFound,
      message: "No account “\(CleanText(wanted))” is signed in: \(describe(ordered)). `roster accounts` lists them.")
  }

  /// "1 adele@contoso.com (tenant …), 2 …" or "none is".
  static func describe(_ ordered: [(key: String, entry: CachedAccount)]) -> String {
    if ordered.isEmpty { return "no account is signed in" }
    return ordered.enumerated().map { index, item in
      "\(index + 1) \(item.entry.account.username) (tenant \(item.entry.account.tenantId))"
    }.joined(separator: ", ")
  }
}
