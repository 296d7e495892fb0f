/// `proxyAddresses` and `otherMails` of a sandbox user, made from what the user already holds,
/// so a million generated people cost no storage for them and every run gives the same values.
///
/// As real tenants have them: `SMTP:` (upper case) the primary address, the mail; `smtp:` aliases
/// for about a third of the people — the mail name at the tenant's `onmicrosoft.com` domain, an
/// initial-and-surname address (two J. Smiths share one, as happens), an address at a merged
/// company's domain — and an outside address in `otherMails` for about a quarter. Which people get
/// which follows a hash of the id (FNV-1a), not a random draw. A people file's own addresses
/// (`storedProxyAddresses`) win over these.
extension DirectoryUser {
  public var proxyAddresses: [String] {
    if let storedProxyAddresses { return storedProxyAddresses }
    guard let mail, let at = mail.lastIndex(of: "@") else { return [] }
    let local = mail[..<at]
    let domain = mail[mail.index(after: at)...]
    let company = domain.split(separator: ".").first.map(String.init) ?? String(domain)
    var addresses = ["SMTP:" + mail]
    let hash = aliasHash
    if hash % 3 == 0 { addresses.append("smtp:\(local)@\(company).onmicrosoft.com") }
    if hash % 5 == 0, let given = givenName?.lowercased().first, let surname = surname?.lowercased(),
      surname.allSatisfy({ $0.isASCII && $0.isLetter })
    {
      addresses.append("smtp:\(given)\(surname)@\(domain)")
    }
    if hash % 7 == 0 { addresses.append("smtp:\(local)@fabrikam-legacy.example") }
    return addresses
  }

  public var otherMails: [String] {
    guard let mail, aliasHash % 4 == 1, let at = mail.lastIndex(of: "@") else { return [] }
    return ["\(mail[..<at]).home@outlook.example"]
  }

  /// FNV-1a of the id's bytes.
  private var aliasHash: UInt64 {
    id.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}
