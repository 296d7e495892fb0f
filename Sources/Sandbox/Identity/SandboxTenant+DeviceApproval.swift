import Foundation
import SandboxDirectory

/// Why a device code could not be approved or denied.
enum DeviceApprovalError: Error, Equatable {
  case noPendingCode(userCode: String?)
  case unknownUser(String)
  case disabledUser(String)
}

extension SandboxTenant {
  /// Approves (or denies) the device code whose user code is given, or the newest pending one,
  /// as `user` (UPN or id; the default user when nil). Returns the user code and who signed in.
  func decideDeviceCode(userCode: String?, user: String?, approve: Bool) async
    -> Result<(userCode: String, user: DirectoryUser), DeviceApprovalError>
  {
    let person: DirectoryUser
    if let user, !user.isEmpty {
      guard let found = directory.user(idOrUPN: user) else { return .failure(.unknownUser(user)) }
      person = found
    } else {
      person = directory.defaultUser
    }
    if approve && !person.accountEnabled { return .failure(.disabledUser(person.userPrincipalName)) }
    let wanted = userCode.flatMap { $0.isEmpty ? nil : $0 }
    guard let deviceCode = await grants.pendingDeviceCode(userCode: wanted, now: now),
      let grant = await grants.device(deviceCode)
    else { return .failure(.noPendingCode(userCode: wanted)) }
    await grants.updateDevice(deviceCode, to: approve ? .approved(userId: person.id) : .denied)
    return .success((grant.userCode, person))
  }
}

extension DeviceApprovalError: CustomStringConvertible {
  var description: String {
    switch self {
    case .noPendingCode(let code?): "No pending sign-in has the code \(code), or it has expired."
    case .noPendingCode(nil): "No sign-in is waiting for approval."
    case .unknownUser(let user): "No user \(user) in the directory."
    case .disabledUser(let user): "The account \(user) is disabled."
    }
  }
}
