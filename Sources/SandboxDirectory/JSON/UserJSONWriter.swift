/// Writes users as Graph renders them straight into bytes: the same text as
/// `Directory.render(_:properties:basicProfileOnly:).jsonText` (a test holds them equal), without
/// building a `JSONValue` tree per person. A `/users/delta` page of 1,000 people is most of what
/// the sandbox does during a client's first sync, and the tree cost more than making the people.
public struct UserJSONWriter: Sendable {
  private enum Source: Sendable {
    case field(UserField)
    case showInAddressList
    /// `proxyAddresses` or `otherMails`, made from the user (`DirectoryUser+Aliases`).
    case aliases(otherMails: Bool)
    case empty(isCollection: Bool)
  }

  private struct Member: Sendable {
    /// `"name":` as bytes.
    var key: [UInt8]
    var source: Source
    var basic: Bool
  }

  private let members: [Member]

  /// `properties` as `Directory.selectedProperties` returns them.
  public init(properties: [String]) {
    members = properties.map { name in
      let basic = UserPropertyCatalog.basicProfile.contains(name)
      if let field = UserField.named(name) {
        return Member(key: Self.key(field.name), source: .field(field), basic: basic)
      }
      if name.lowercased() == "showinaddresslist" {
        return Member(key: Self.key("showInAddressList"), source: .showInAddressList, basic: basic)
      }
      if ["proxyaddresses", "othermails"].contains(name.lowercased()) {
        let otherMails = name.lowercased() == "othermails"
        return Member(
          key: Self.key(otherMails ? "otherMails" : "proxyAddresses"), source: .aliases(otherMails: otherMails),
          basic: basic)
      }
      if let unstored = UserPropertyCatalog.unstoredProperty(named: name) {
        return Member(key: Self.key(unstored.name), source: .empty(isCollection: unstored.isCollection), basic: basic)
      }
      return Member(key: Self.key(name), source: .empty(isCollection: false), basic: basic)
    }
  }

  private static func key(_ name: String) -> [UInt8] {
    var bytes: [UInt8] = []
    appendQuoted(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    return bytes
  }

  /// Appends the user's object; with `managerId`, a `manager@delta` member after the properties.
  public func append(_ user: DirectoryUser, basicProfileOnly: Bool, managerId: String? = nil, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "{"))
    for (position, member) in members.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: member.key)
      if basicProfileOnly, !member.basic {
        bytes.append(contentsOf: Self.null)
        continue
      }
      switch member.source {
      case .field(.accountEnabled): bytes.append(contentsOf: user.accountEnabled ? Self.true : Self.false)
      case .field(.businessPhones):
        bytes.append(UInt8(ascii: "["))
        for (index, phone) in user.businessPhones.enumerated() {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          Self.appendQuoted(phone, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
      case .field(let field):
        if let value = field.string(of: user) {
          Self.appendQuoted(value, to: &bytes)
        } else {
          bytes.append(contentsOf: Self.null)
        }
      case .showInAddressList:
        if let shown = user.showInAddressList {
          bytes.append(contentsOf: shown ? Self.true : Self.false)
        } else {
          bytes.append(contentsOf: Self.null)
        }
      case .aliases(let otherMails):
        bytes.append(UInt8(ascii: "["))
        for (index, address) in (otherMails ? user.otherMails : user.proxyAddresses).enumerated() {
          if index > 0 { bytes.append(UInt8(ascii: ",")) }
          Self.appendQuoted(address, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
      case .empty(let isCollection):
        if isCollection {
          bytes.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        } else {
          bytes.append(contentsOf: Self.null)
        }
      }
    }
    if let managerId {
      bytes.append(contentsOf: Array(##","manager@delta":[{"@odata.type":"#microsoft.graph.user","id":"##.utf8))
      Self.appendQuoted(managerId, to: &bytes)
      bytes.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "]")])
    }
    bytes.append(UInt8(ascii: "}"))
  }

  private static let null = Array("null".utf8)
  private static let `true` = Array("true".utf8)
  private static let `false` = Array("false".utf8)
  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// A JSON string with the escapes of `JSONValue.appendQuoted`: quote, backslash, control
  /// characters, and U+2028/U+2029 (E2 80 A8/A9 in UTF-8).
  public static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var utf8 = string.utf8
    if utf8.withContiguousStorageIfAvailable({ _ in true }) == nil {
      var copy = string
      copy.makeContiguousUTF8()
      utf8 = copy.utf8
    }
    utf8.withContiguousStorageIfAvailable { buffer in
      var start = 0
      var index = 0
      let count = buffer.count
      while index < count {
        let byte = buffer[index]
        var escape: [UInt8]?
        var width = 1
        switch byte {
        case UInt8(ascii: "\""): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case 0x0A: escape = [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: escape = [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: escape = [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x08: escape = [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x0C: escape = [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        case 0x00..<0x20: escape = unicodeEscape(UInt32(byte))
        case 0xE2
        where index + 2 < count && buffer[index + 1] == 0x80
          && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9):
          escape = unicodeEscape(buffer[index + 2] == 0xA8 ? 0x2028 : 0x2029)
          width = 3
        default: break
        }
        if let escape {
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
          bytes.append(contentsOf: escape)
          start = index + width
        }
        index += width
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
    [
      UInt8(ascii: "\\"), UInt8(ascii: "u"), hexDigits[Int(value >> 12 & 0xF)], hexDigits[Int(value >> 8 & 0xF)],
      hexDigits[Int(value >> 4 & 0xF)], hexDigits[Int(value & 0xF)],
    ]
  }
}
