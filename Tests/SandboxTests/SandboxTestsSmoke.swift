import Testing

@Test func SandboxTestsModuleBuilds() { #expect(Bool(true)) }
