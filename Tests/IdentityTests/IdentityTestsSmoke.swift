import Testing

@Test func IdentityTestsModuleBuilds() { #expect(Bool(true)) }
