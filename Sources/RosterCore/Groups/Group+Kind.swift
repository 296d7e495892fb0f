/// What kind of group a `Group` is, from Graph's flags (groups-overview.md):
///
/// | groupTypes   | mailEnabled | securityEnabled | kind                   |
/// |--------------|-------------|-----------------|------------------------|
/// | `Unified`    | true        | any             | Microsoft 365 (team when `resourceProvisioningOptions` has `Team`) |
/// | —            | false       | true            | security               |
/// | —            | true        | true            | mail-enabled security  |
/// | —            | true        | false           | distribution list      |
///
/// Dynamic membership (`DynamicMembership` in `groupTypes`) is orthogonal: a Microsoft 365 group
/// or a security group can be dynamic. It is `membership`, with the rule and its processing state.
public enum GroupKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case microsoft365
  case team
  case security
  case mailEnabledSecurity
  case distribution
  /// Flags Graph does not document as a group (neither mail- nor security-enabled).
  case other

  /// "Microsoft 365", "team", "security", "mail-enabled security", "distribution list".
  public var label: CleanText {
    switch self {
    case .microsoft365: return "Microsoft 365"
    case .team: return "team"
    case .security: return "security"
    case .mailEnabledSecurity: return "mail-enabled security"
    case .distribution: return "distribution list"
    case .other: return "group"
    }
  }
}

/// How a group's members are decided.
public enum GroupMembership: Sendable, Equatable, Hashable {
  /// Members are added and removed by people.
  case assigned
  /// Members are computed from `rule`; `processing` is false when the rule is paused (nil when
  /// Graph did not say).
  case dynamic(rule: CleanText?, processing: Bool?)
}

extension Group {
  public var kind: GroupKind {
    let types = Set((groupTypes ?? []).map { $0.string.lowercased() })
    if types.contains("unified") {
      let team = (resourceProvisioningOptions ?? []).contains { $0.string.lowercased() == "team" }
      return team ? .team : .microsoft365
    }
    switch (mailEnabled ?? false, securityEnabled ?? false) {
    case (false, true): return .security
    case (true, true): return .mailEnabledSecurity
    case (true, false): return .distribution
    case (false, false): return .other
    }
  }

  public var membership: GroupMembership {
    let dynamic = (groupTypes ?? []).contains { $0.string.lowercased() == "dynamicmembership" }
    guard dynamic else { return .assigned }
    let state = membershipRuleProcessingState?.string.lowercased()
    return .dynamic(rule: membershipRule?.nonEmpty, processing: state.map { $0 == "on" })
  }

  public var isDynamic: Bool { membership != .assigned }

  /// `visibility` is `HiddenMembership`: only owners, members and holders of `Member.Read.Hidden`
  /// may list the members. Such a group says so instead of showing an empty list.
  public var hasHiddenMembership: Bool {
    visibility?.string.lowercased() == "hiddenmembership"
  }

  /// A distribution list or any mail-enabled group with an address: `roster query` answers it.
  public var isAddressable: Bool { mail?.nonEmpty != nil }

  /// "team, dynamic (paused)", "distribution list", "security, dynamic": one line for lists.
  public var kindText: CleanText {
    var text = kind.label.string
    if case .dynamic(_, let processing) = membership {
      text += processing == false ? ", dynamic (paused)" : ", dynamic"
    }
    if hasHiddenMembership { text += ", hidden membership" }
    return CleanText(text)
  }
}
