import Foundation
import HTTPTypes
import Hummingbird
import SandboxDirectory

/// Profile photos as Graph serves them (PROTOCOL.md, "Photos"): `photo` (metadata of the largest
/// size), `photo/$value`, `photos` (every size kept), `photos/{size}` and `photos/{size}/$value`;
/// 404 `ImageNotFound` for a person without a photo or a size they do not have.
extension GraphEndpoints {
  /// Answers `rest` (already lower-cased, starting with `photo` or `photos`), nil when it is no
  /// photo path.
  func photo(_ target: DirectoryUser, rest: [String], request: IncomingRequest) throws(GraphError) -> Response? {
    let sizes = tenant.directory.photoSizes(of: target)
    let context = "\(request.base)/v1.0/$metadata#users('\(target.id)')"
    switch rest {
    case ["photo"]:
      guard let largest = sizes.last else { throw .imageNotFound }
      return ok(.object([("@odata.context", .string(context + "/photo/$entity"))] + metadata(target, largest)), request)
    case ["photo", "$value"]:
      guard let largest = sizes.last else { throw .imageNotFound }
      return jpeg(target, size: largest, request: request)
    case ["photos"]:
      let list = sizes.map { JSONValue.object(metadata(target, $0)) }
      return ok(.object([("@odata.context", .string(context + "/photos")), ("value", .array(list))]), request)
    case let path where path.count >= 2 && path[0] == "photos" && path.count <= 3:
      guard let size = PhotoSizes.parse(path[1]), sizes.contains(size) else { throw .imageNotFound }
      if path.count == 2 {
        return ok(.object([("@odata.context", .string(context + "/photos/$entity"))] + metadata(target, size)), request)
      }
      guard path[2] == "$value" else { throw .badSegment(path[2]) }
      return jpeg(target, size: size, request: request)
    default:
      return nil
    }
  }

  /// `@odata.mediaContentType`, `@odata.mediaEtag`, `id`, `width`, `height` of one size.
  private func metadata(_ target: DirectoryUser, _ size: Int) -> [(String, JSONValue)] {
    var hash: UInt32 = 0x811C_9DC5
    for byte in (target.id + PhotoSizes.id(size)).utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    return [
      ("@odata.mediaContentType", .string("image/jpeg")),
      ("@odata.mediaEtag", .string("\"\(String(format: "%08X", hash))\"")),
      ("id", .string(PhotoSizes.id(size))), ("height", .number(Double(size))), ("width", .number(Double(size))),
    ]
  }

  private func jpeg(_ target: DirectoryUser, size: Int, request: IncomingRequest) -> Response {
    guard let data = tenant.directory.photoJPEG(of: target, size: size) else {
      return GraphError.imageNotFound.response(request: request, now: tenant.now)
    }
    var headers = Self.headers(Self.requestIds(request))
    headers[.contentType] = "image/jpeg"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
