/// A people file's `proxyAddresses`, checked as Exchange writes them (Graph's user resource:
/// "SMTP: bob@contoso.com", "smtp: bob@sales.contoso.com"): `TYPE:address`, the upper-case
/// `SMTP:` the one primary address and `smtp:` the aliases. Other address types real tenants
/// carry (`SIP:`, `X500:`, `EUM:`) pass as they are, so a file exported from a tenant loads.
/// Anything else refuses the whole file with a sentence, rather than being replaced by
/// generated addresses without a word.
extension PeopleFileEntry {
  /// nil for a missing or null field (the sandbox then generates addresses); the file's own,
  /// in its order, otherwise — an empty array means the person has none.
  static func proxyAddresses(_ value: JSONValue, label: String) throws(PeopleFileError) -> [String]? {
    func fail(_ problem: String) -> PeopleFileError { PeopleFileEntry.failure(label, problem) }
    let elements: [JSONValue]
    switch value {
    case .null: return nil
    case .array(let array): elements = array
    default: throw fail("field 'proxyAddresses' must be an array of strings or null, found \(value.kindName)")
    }
    var addresses: [String] = []
    for element in elements {
      guard case .string(let address) = element else {
        throw fail("field 'proxyAddresses' must hold strings, found \(element.kindName)")
      }
      guard let problem = problem(with: address) else {
        addresses.append(address)
        continue
      }
      throw fail("field 'proxyAddresses' holds \"\(address)\", which \(problem)")
    }
    if addresses.filter({ $0.hasPrefix("SMTP:") }).count > 1 {
      throw fail("field 'proxyAddresses' has more than one primary 'SMTP:' address (aliases are 'smtp:')")
    }
    return addresses
  }

  /// Why an address is malformed, nil when it is well formed.
  private static func problem(with address: String) -> String? {
    guard let colon = address.firstIndex(of: ":") else {
      return "lacks a type prefix such as 'SMTP:' (primary) or 'smtp:' (alias)"
    }
    let type = address[..<colon]
    let rest = address[address.index(after: colon)...]
    guard !type.isEmpty, type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !rest.isEmpty else {
      return "is not 'TYPE:address', such as 'SMTP:ann@contoso.com'"
    }
    guard type.lowercased() == "smtp" else { return nil }
    guard type == "SMTP" || type == "smtp" else { return "must start with 'SMTP:' (primary) or 'smtp:' (alias)" }
    let parts = rest.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !rest.contains(where: \.isWhitespace) else {
      return "is not an e-mail address after '\(type):'"
    }
    return nil
  }
}
