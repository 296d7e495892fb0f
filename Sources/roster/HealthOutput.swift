import Foundation
import RosterCore

/// `roster show PERSON --health --json`: the account section with the facts the text shows, per
/// part, for scripts. A part that was not shown says why (`status`, the same sentence as the
/// text in `message`) and what it needs, so a script can tell "not allowed" from "not there".
enum HealthOutput {
  struct Report: Encodable {
    var state: Part<StateRow>
    var lastSignIn: Part<LastSignInRow>
    var mfa: Part<MFARow>
    var licences: Part<[LicenceRow]>
    var devices: Part<[DeviceRow]>

    init(_ health: AccountHealth) {
      state = Part(.state, health.state, StateRow.init, notReturned: HealthText.notReturned)
      lastSignIn = Part(.lastSignIn, health.lastSignIn, LastSignInRow.init, notReturned: HealthText.notReturned)
      mfa = Part(.mfa, health.mfa, MFARow.init)
      licences = Part(.licences, health.licences) { $0.map(LicenceRow.init) }
      devices = Part(.devices, health.devices) { $0.map(DeviceRow.init) }
    }

    /// No part could be read for want of a permission, a role or a licence (exit 5).
    var nothingAllowed: Bool {
      let statuses = [state.status, lastSignIn.status, mfa.status, licences.status, devices.status]
      return !statuses.contains(.shown) && statuses.contains { $0 == .refused || $0 == .notAsked }
    }
  }

  /// `notReturned`: Graph answered without the part's data (the text's "unknown"), so `value` is
  /// null rather than an object of nulls a script would read as facts.
  enum Status: String, Encodable { case shown, refused, notAsked, failed, notReturned }

  /// What one part needs, as `HealthRequirement` says it.
  struct Needs: Encodable {
    var permissions: [String]
    var roles: [String]
    var licence: String?
  }

  struct Part<Value: Encodable>: Encodable {
    var status: Status
    var value: Value?
    /// The text's sentence for a part not shown.
    var message: String?
    /// For `notAsked`: the permissions the sign-in lacks.
    var missing: [String]?
    var needs: Needs?

    init<Source>(
      _ part: HealthPart, _ outcome: HealthOutcome<Source>, _ row: (Source) -> Value,
      notReturned: (Source) -> String? = { _ in nil }
    ) {
      let requirement = part.requirement
      let needs = Needs(permissions: requirement.permissions, roles: requirement.roles, licence: requirement.licence)
      let sentence = HealthText.part(part, outcome) { _ in [] }.first
      switch outcome {
      case .notAsked: status = .notAsked
      case .loaded(let source):
        if let unknown = notReturned(source) {
          (status, message, self.needs) = (.notReturned, unknown, needs)
          return
        }
        status = .shown
        value = row(source)
      case .refused: status = .refused
      case .failed: status = .failed
      case .lacking(let lacking): (status, missing) = (.notAsked, lacking)
      }
      if status != .shown { (message, self.needs) = (sentence, needs) }
    }
  }

  static func iso(_ date: Date?) -> String? { date?.formatted(.iso8601) }

  struct StateRow: Encodable {
    var accountEnabled: Bool?
    var createdDateTime: String?
    var userType: String?
    var externalUserState: String?
    var externalUserStateChangeDateTime: String?
    var onPremisesSyncEnabled: Bool?
    var onPremisesLastSyncDateTime: String?
    var employeeId: String?
    var usageLocation: String?

    init(_ state: AccountState) {
      accountEnabled = state.accountEnabled
      createdDateTime = iso(state.createdDateTime)
      userType = state.userType?.string
      externalUserState = state.externalUserState?.string
      externalUserStateChangeDateTime = iso(state.externalUserStateChangeDateTime)
      onPremisesSyncEnabled = state.onPremisesSyncEnabled
      onPremisesLastSyncDateTime = iso(state.onPremisesLastSyncDateTime)
      employeeId = state.employeeId?.string
      usageLocation = state.usageLocation?.string
    }

    enum CodingKeys: CodingKey {
      case accountEnabled, createdDateTime, userType, externalUserState, externalUserStateChangeDateTime
      case onPremisesSyncEnabled, onPremisesLastSyncDateTime, employeeId, usageLocation
    }

    /// Every property, a null as `null`: Graph's null is a fact here (cloud-only, no usage
    /// location), so it is written rather than left out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(accountEnabled, forKey: .accountEnabled)
      try container.encode(createdDateTime, forKey: .createdDateTime)
      try container.encode(userType, forKey: .userType)
      try container.encode(externalUserState, forKey: .externalUserState)
      try container.encode(externalUserStateChangeDateTime, forKey: .externalUserStateChangeDateTime)
      try container.encode(onPremisesSyncEnabled, forKey: .onPremisesSyncEnabled)
      try container.encode(onPremisesLastSyncDateTime, forKey: .onPremisesLastSyncDateTime)
      try container.encode(employeeId, forKey: .employeeId)
      try container.encode(usageLocation, forKey: .usageLocation)
    }
  }

  /// Graph's three clocks under Graph's names: the successful one and the two kinds of attempt.
  struct LastSignInRow: Encodable {
    var lastSuccessfulSignInDateTime: String?
    var lastSignInDateTime: String?
    var lastNonInteractiveSignInDateTime: String?

    init(_ last: LastSignIn) {
      lastSuccessfulSignInDateTime = iso(last.lastSuccessfulSignInDateTime)
      lastSignInDateTime = iso(last.lastSignInDateTime)
      lastNonInteractiveSignInDateTime = iso(last.lastNonInteractiveSignInDateTime)
    }

    enum CodingKeys: CodingKey {
      case lastSuccessfulSignInDateTime, lastSignInDateTime, lastNonInteractiveSignInDateTime
    }

    /// A clock Graph left null is written as `null` ("none recorded"), not left out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(lastSuccessfulSignInDateTime, forKey: .lastSuccessfulSignInDateTime)
      try container.encode(lastSignInDateTime, forKey: .lastSignInDateTime)
      try container.encode(lastNonInteractiveSignInDateTime, forKey: .lastNonInteractiveSignInDateTime)
    }
  }

  struct MFARow: Encodable {
    var isMfaRegistered: Bool?
    var isMfaCapable: Bool?
    var methodsRegistered: [String]
    var lastUpdatedDateTime: String?

    init(_ mfa: MFARegistration) {
      isMfaRegistered = mfa.isMfaRegistered
      isMfaCapable = mfa.isMfaCapable
      methodsRegistered = mfa.methodsRegistered.map(\.string)
      lastUpdatedDateTime = iso(mfa.lastUpdatedDateTime)
    }
  }

  /// The part number as Graph gives it and the product name the text shows (the part number
  /// again for a SKU the shipped table lacks).
  struct LicenceRow: Encodable {
    var skuId: String?
    var skuPartNumber: String
    var productName: String

    init(_ licence: Licence) {
      skuId = licence.skuId?.string
      skuPartNumber = licence.skuPartNumber.string
      productName = licence.productName
    }
  }

  struct DeviceRow: Encodable {
    var id: String
    var displayName: String?
    var operatingSystem: String?
    var operatingSystemVersion: String?
    var isCompliant: Bool?
    var isManaged: Bool?
    var approximateLastSignInDateTime: String?
    /// `registered`, `owned` or `both`.
    var relation: String

    init(_ device: PersonDevice) {
      id = CleanText(device.id).string
      displayName = device.displayName?.string
      operatingSystem = device.operatingSystem?.string
      operatingSystemVersion = device.operatingSystemVersion?.string
      isCompliant = device.isCompliant
      isManaged = device.isManaged
      approximateLastSignInDateTime = iso(device.approximateLastSignInDateTime)
      relation = device.relation.rawValue
    }
  }
}
