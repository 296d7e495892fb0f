import SandboxDirectory
import Testing

/// The line `roster sandbox` prints reads back into what was printed, and other lines do not read.
@Suite struct AnnouncementTests {
  @Test func theLineReadsBack() {
    let announced = SandboxAnnouncement(
      baseURL: "http://127.0.0.1:40123", tenantId: "5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44", clientId: "3f6b2c1e")
    #expect(
      announced.line == "sandbox: http://127.0.0.1:40123 tenant=5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44 client=3f6b2c1e")
    #expect(SandboxAnnouncement(line: announced.line + "\n") == announced)
    #expect(announced.authority == "http://127.0.0.1:40123/5b1c5f4e-9d2a-4c6b-8e3f-0a7d2c9b1e44")
  }

  @Test func otherLinesAreNotAnnouncements() {
    for line in [
      "", "sandbox:", "roster sandbox: address in use", "sandbox: http://x tenant=t",
      "sandbox: http://x client=c tenant=t",
      "sandbox: http://x tenant=t client=c extra",
    ] {
      #expect(SandboxAnnouncement(line: line) == nil, "\(line)")
    }
  }
}
