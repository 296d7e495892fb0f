import AppRuntime
import Foundation
import RosterCore
import Transport

/// What a person owns, for offboarding (`roster show --owned`): the directory objects of
/// `/users/{id}/ownedObjects` (groups, app registrations, enterprise apps) and the devices of
/// `/users/{id}/ownedDevices`. Each part is read on its own: one the token may not read says why,
/// the other still answers.
public struct OwnedObjects: Sendable, Equatable {
  /// Groups as groups; applications and service principals (and anything else) by type and name.
  public var objects: Result<[DirectoryObject], DirectoryError>
  public var devices: Result<[Device], DirectoryError>

  public init(objects: Result<[DirectoryObject], DirectoryError>, devices: Result<[Device], DirectoryError>) {
    self.objects = objects
    self.devices = devices
  }

  /// Reads both parts at once over the live Graph client's configuration, tokens and retries.
  public static func read(
    _ id: String, configuration: GraphConfiguration, tokens: any AccessTokenProvider, transport: any HTTPTransport,
    onRetry: @escaping @Sendable (RetryNotice) -> Void
  ) async -> OwnedObjects {
    let reader = OwnedReader(
      directory: GraphDirectory(
        configuration: configuration, tokens: tokens, transport: transport, sleep: { try await Task.sleep(for: $0) }),
      onRetry: onRetry)
    let user = "/users/" + PercentEncoding.encode(id)
    async let objects = reader.all(user + "/ownedObjects", select: OwnedReader.objectFields) {
      (body: Data) throws(DirectoryError) in try OwnedReader.objects(from: body)
    }
    async let devices = reader.all(user + "/ownedDevices", select: DeviceDecoding.fields) {
      (body: Data) throws(DirectoryError) in
      let page = try DeviceDecoding.page(from: body)
      return (page.devices, page.nextLink)
    }
    return await OwnedObjects(objects: objects, devices: devices)
  }
}

/// The paged reads behind `OwnedObjects`.
private struct OwnedReader: Sendable {
  /// Enough of each kind to name it: a group's kind and mail, an app's `appId`.
  static let objectFields = ["id", "displayName", "mail", "groupTypes", "securityEnabled", "mailEnabled", "appId"]
  /// Pages read at most (999 objects each): an owner of more is told the list was cut.
  static let pageLimit = 20

  let directory: GraphDirectory
  let onRetry: @Sendable (RetryNotice) -> Void

  /// Every page of `path` (999 a page, as Graph allows on directory-object collections).
  func all<Item: Sendable>(
    _ path: String, select: [String], decode: @Sendable (Data) throws(DirectoryError) -> ([Item], String?)
  ) async -> Result<[Item], DirectoryError> {
    do throws(DirectoryError) {
      let options = [("$select", select.joined(separator: ",")), ("$top", "999")]
      var url = try directory.url(path + "?" + ODataText.queryString(options))
      var items: [Item] = []
      for _ in 0..<Self.pageLimit {
        let body = try await directory.executor.get(url, headers: [], permission: "User.Read.All", onRetry: onRetry)
          .body
        let (page, next) = try decode(body)
        items += page
        guard let next else { return .success(items) }
        url = try directory.followableURL(next)
      }
      return .success(items)
    } catch {
      return .failure(error)
    }
  }

  /// A page of directory objects, each decoded by its `@odata.type` (`DirectoryObject`'s rule).
  static func objects(from body: Data) throws(DirectoryError) -> ([DirectoryObject], String?) {
    struct Page: Decodable {
      var value: [DirectoryObject]
      var nextLink: String?
      enum CodingKeys: String, CodingKey {
        case value
        case nextLink = "@odata.nextLink"
      }
    }
    do {
      let page = try JSONDecoder().decode(Page.self, from: body)
      return (page.value, page.nextLink)
    } catch {
      throw .malformedResponse("The owned objects from Microsoft Graph could not be read.")
    }
  }
}
