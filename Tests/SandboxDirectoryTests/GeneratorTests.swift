import Foundation
import Testing
@testable import SandboxDirectory

@Suite struct GeneratorTests {
  @Test func sameSeedGivesSameOrganisation() {
    let first = OrganisationGenerator(seed: 7, size: 500).makeUsers()
    let second = OrganisationGenerator(seed: 7, size: 500).makeUsers()
    #expect(first == second)
  }
}
