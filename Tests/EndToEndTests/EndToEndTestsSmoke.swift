import Testing

@Test func EndToEndTestsModuleBuilds() { #expect(Bool(true)) }
