import Testing

@Test func SandboxDirectoryTestsModuleBuilds() { #expect(Bool(true)) }
