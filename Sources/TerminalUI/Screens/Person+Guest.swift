import RosterCore

extension Person {
  /// Whether this is a guest from another organisation (B2B): `userType` "Guest", or a user name
  /// with `#EXT#` (Entra's mark on an invited account, present even when `userType` is not read).
  var isGuest: Bool {
    userType?.string.caseInsensitiveCompare("Guest") == .orderedSame
      || (userPrincipalName?.string ?? "").contains("#EXT#")
  }

  /// Where a guest comes from, for "Guest from fabrikam.com": the domain of their home address,
  /// which Entra keeps in the `#EXT#` user name ("ana_fabrikam.com#EXT#@contoso…": the part after
  /// the last `_`), else their mail's domain; nil when neither says. (Both are `CleanText`.)
  var guestHomeDomain: String? {
    if let upn = userPrincipalName?.string, let ext = upn.range(of: "#EXT#") {
      let home = upn[..<ext.lowerBound]
      if let underscore = home.lastIndex(of: "_") {
        let domain = String(home[home.index(after: underscore)...])
        if domain.contains(".") { return domain }
      }
    }
    if let mail = mail?.string, let at = mail.lastIndex(of: "@") {
      let domain = String(mail[mail.index(after: at)...])
      if !domain.isEmpty { return domain }
    }
    return nil
  }

  /// "Guest from fabrikam.com" (or "from another organisation" when the domain is unknown).
  var guestText: String { "Guest from " + (guestHomeDomain ?? "another organisation") }
}
