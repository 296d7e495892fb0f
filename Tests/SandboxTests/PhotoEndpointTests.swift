import Foundation
import SandboxDirectory
import TestSupport
import Testing

/// `/photo`, `/photos`, `/photos/{size}` and their `$value`s as Graph serves them (issue 11 point 11).
@Suite struct PhotoEndpointTests {
  static let directory = Directory.generated(seed: 1, size: 50)

  @Test("/photo is the largest size's metadata, /photo/$value its JPEG; /photos lists the sizes")
  func metadataAndList() async throws {
    try await SandboxHarness.with { h in
      let tokens = try await h.signIn(scope: GraphTests.fullScope)
      let user = try #require(
        Self.directory.users.first { $0.hasPhoto && Self.directory.photoSizes(of: $0).last != 648 })
      let sizes = Self.directory.photoSizes(of: user)
      #expect(sizes.first == 48 && sizes.contains(240) && !sizes.contains(648))
      let meta = try await h.graph("/v1.0/users/\(user.id)/photo", token: tokens.accessToken)
      #expect(meta.status == 200)
      #expect(meta["@odata.context"] == "\(h.base)/v1.0/$metadata#users('\(user.id)')/photo/$entity")
      #expect(meta["@odata.mediaContentType"] == "image/jpeg")
      let largest = try #require(sizes.last)
      #expect(meta["id"] == "\(largest)X\(largest)")
      #expect(meta.json["width"] as? Int == largest && meta.json["height"] as? Int == largest)
      let value = try await h.graph("/v1.0/users/\(user.id)/photo/$value", token: tokens.accessToken)
      #expect(value.header("Content-Type") == "image/jpeg")
      #expect(Self.jpegSize(value.body) == largest)

      let list = try await h.graph("/v1.0/users/\(user.id)/photos", token: tokens.accessToken)
      let entries = list.json["value"] as? [[String: Any]] ?? []
      #expect(entries.compactMap { $0["id"] as? String } == sizes.map { "\($0)X\($0)" })
      #expect(entries.allSatisfy { $0["@odata.mediaContentType"] as? String == "image/jpeg" })
    }
  }

  @Test("every size Graph lists has metadata and a JPEG of that size", arguments: [48, 64, 96, 120, 240])
  func eachSize(size: Int) async throws {
    try await SandboxHarness.with { h in
      let tokens = try await h.signIn(scope: GraphTests.fullScope)
      let me = h.sandbox.defaultUsername
      let meta = try await h.graph("/v1.0/users/\(me)/photos/\(size)x\(size)", token: tokens.accessToken)
      #expect(meta["id"] == "\(size)X\(size)")
      #expect(meta.json["width"] as? Int == size)
      let value = try await h.graph("/v1.0/me/photos/\(size)x\(size)/$value", token: tokens.accessToken)
      #expect(value.status == 200 && value.header("Content-Type") == "image/jpeg")
      #expect(Self.jpegSize(value.body) == size)
    }
  }

  @Test("no photo, a size the person lacks, or a size Graph never keeps: 404 ImageNotFound")
  func notFound() async throws {
    try await SandboxHarness.with { h in
      let tokens = try await h.signIn(scope: GraphTests.fullScope)
      let without = try #require(Self.directory.users.first { !$0.hasPhoto })
      for path in ["photo", "photo/$value", "photos/48x48", "photos/48x48/$value"] {
        let reply = try await h.graph("/v1.0/users/\(without.id)/\(path)", token: tokens.accessToken)
        #expect(reply.status == 404, "\(path)")
        GraphShape.expectError(reply, code: "ImageNotFound")
      }
      let list = try await h.graph("/v1.0/users/\(without.id)/photos", token: tokens.accessToken)
      #expect(list.status == 200 && (list.json["value"] as? [Any])?.isEmpty == true)
      let small = try #require(
        Self.directory.users.first { $0.hasPhoto && Self.directory.photoSizes(of: $0).last != 648 })
      for path in ["photos/648x648/$value", "photos/50x50/$value", "photos/48x64"] {
        let reply = try await h.graph("/v1.0/users/\(small.id)/\(path)", token: tokens.accessToken)
        #expect(reply.status == 404, "\(path)")
        GraphShape.expectError(reply, code: "ImageNotFound")
      }
    }
  }

  /// The width a JPEG's SOF0 segment declares (the images are square).
  static func jpegSize(_ data: Data) -> Int? {
    let bytes = [UInt8](data)
    var index = 2
    while index + 9 < bytes.count, bytes[index] == 0xFF {
      let marker = bytes[index + 1]
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if marker == 0xC0 { return Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]) }
      index += 2 + length
    }
    return nil
  }
}
