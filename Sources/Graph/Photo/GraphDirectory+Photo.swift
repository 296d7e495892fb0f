import Foundation
import RosterCore

extension GraphDirectory {
  /// The person's photo at `request.side` (PROTOCOL.md, "Photos"): the disk cache first, else
  /// `GET /users/{id}/photos/{side}x{side}/$value`; when Graph has no photo of that size
  /// (404 `ImageNotFound`, e.g. a photo kept only in Entra ID at another size) `photo/$value`;
  /// nil when the person has none. Marked `x-ms-throttle-priority: Low` and never retried: a
  /// photo is decoration, and must not spend the throttle budget the searches need.
  func photo(_ request: PhotoRequest, cache: PhotoDiskCache?) async throws(DirectoryError) -> PhotoImage? {
    try await photoData(request, cache: cache)?.image
  }

  /// The same photo with the JPEG it was decoded from (for a vCard's PHOTO): only bytes that
  /// decode are ever handed out or cached.
  func photoData(
    _ request: PhotoRequest, cache: PhotoDiskCache?
  ) async throws(DirectoryError) -> (jpeg: Data, image: PhotoImage)? {
    switch cache?.read(request) {
    case .absent?:
      return nil
    case .jpeg(let data)?:
      if let image = try? JPEGDecoder.decode(data) { return (data, image) }
      cache?.remove(request)
    case nil:
      break
    }
    let sized = "/photos/\(request.side)x\(request.side)/$value"
    var body: Data?
    for path in [sized, "/photo/$value"] where body == nil {
      guard let url = URL(string: configuration.root + userPath(request.personID) + path) else {
        throw .malformedResponse("Could not build a Graph URL from \(configuration.root).")
      }
      do throws(DirectoryError) {
        body = try await executor.get(
          url, headers: [("x-ms-throttle-priority", "Low")], accept: "image/jpeg", permission: "User.ReadBasic.All",
          retrying: false
        ) { _ in }.body
      } catch .notFound {
        continue
      }
    }
    guard let body else {
      cache?.store(.absent, for: request)
      return nil
    }
    do throws(PhotoDecodingError) {
      let image = try JPEGDecoder.decode(body)
      cache?.store(.jpeg(body), for: request)
      return (body, image)
    } catch {
      throw .malformedResponse(error.description)
    }
  }
}
