import Foundation
import Testing

@testable import SandboxDirectory

@Suite struct PhotoTests {
  let directory = Directory.generated(seed: 1, size: 2000)

  @Test func photoIsABaselineJPEGWithTheExpectedSegments() throws {
    let data = try #require(directory.photoJPEG(of: directory.defaultUser))
    #expect(data.prefix(2) == Data([0xFF, 0xD8]))
    #expect(data.suffix(2) == Data([0xFF, 0xD9]))
    let decoder = try BaselineJPEGDecoder(data)
    #expect(decoder.markers == [0xE0, 0xDB, 0xC0, 0xC4, 0xDA, 0xD9])
    #expect(decoder.width == 48 && decoder.height == 48 && decoder.componentCount == 3)
  }

  @Test func photoDecodesToInitialsOnAColour() throws {
    let user = directory.defaultUser  // Aoife O'Connor → "AO"
    #expect(PhotoPainter.initials(of: user) == "AO")
    let decoded = try BaselineJPEGDecoder(try #require(directory.photoJPEG(of: user)))
    let painted = PhotoPainter.image(for: user)
    var largestError = 0
    for index in painted.rgb.indices {
      largestError = max(largestError, abs(Int(painted.rgb[index]) - Int(decoded.rgb[index])))
    }
    let averageError =
      zip(painted.rgb, decoded.rgb).map { abs(Int($0) - Int($1)) }.reduce(0, +) / painted.rgb.count
    #expect(averageError < 8, "lossy, but close to what was painted")
    // The middle of the left stem of "A" (column 11, row 24) is white.
    let offset = (24 * 48 + 11) * 3
    #expect(decoded.rgb[offset] > 200 && decoded.rgb[offset + 1] > 200 && decoded.rgb[offset + 2] > 200)
    #expect(largestError < 160)
  }

  @Test func everyPhotoDecodesAndPeopleWithoutPhotosHaveNone() throws {
    var decodedCount = 0
    for user in directory.users.prefix(150) {
      if let data = directory.photoJPEG(of: user) {
        #expect(user.hasPhoto)
        _ = try BaselineJPEGDecoder(data, pixels: false)
        decodedCount += 1
      } else {
        #expect(!user.hasPhoto)
      }
    }
    #expect(decodedCount > 75)
  }

  @Test func initialsComeFromTheMailName() {
    let chinese = DirectoryUser(id: "1", userPrincipalName: "wei.wang@contoso.onmicrosoft.com", displayName: "王伟")
    #expect(PhotoPainter.initials(of: chinese) == "WW")
    let guest = DirectoryUser(id: "2", userPrincipalName: "zoe.muller_fabrikam.com#EXT#@contoso.onmicrosoft.com")
    #expect(PhotoPainter.initials(of: guest) == "ZM")
  }

  @Test func photosAreDeterministic() {
    let user = directory.users[5]
    #expect(directory.photoJPEG(of: user) == PhotoPainter.jpeg(for: user))
  }
}

@Suite struct PhotoSizeTests {
  @Test(arguments: [8, 48, 96, 120, 240])
  func otherSizesEncodeAndDecode(_ size: Int) throws {
    let directory = Directory.generated(seed: 1, size: 2000)
    let data = try #require(directory.photoJPEG(of: directory.defaultUser, size: size))
    let decoder = try BaselineJPEGDecoder(data, pixels: false)
    #expect(decoder.width == size && decoder.height == size)
  }

  @Test func sizesAreClampedAndPeopleWithoutPhotosHaveNone() throws {
    let directory = Directory.generated(seed: 1, size: 2000)
    let tiny = try BaselineJPEGDecoder(
      try #require(directory.photoJPEG(of: directory.defaultUser, size: 1)), pixels: false)
    #expect(tiny.width == 8)
    let withoutPhoto = try #require(directory.users.first { !$0.hasPhoto })
    #expect(directory.photoJPEG(of: withoutPhoto, size: 96) == nil)
    #expect(Directory.photoSize == 48)
  }
}
