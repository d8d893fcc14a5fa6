import StubKit
import Testing
import WireMockFormat

/// WireMock 2.35 has no streams: a stub whose body is one is left out of an
/// export by name, never written as a plain body.
@Suite struct StreamExportTests {
    @Test func aStreamedStubIsLeftOutOfAnExportByName() {
        let export = WireMockExport(stubs: [
            Get("/feed").respond(.eventStream([.message("one")])),
            Get("/plain").respond(.text("kept")),
        ])
        #expect(export.notExported.count == 1)
        #expect(export.notExported.first?.message.contains("its body is a stream") == true, "\(export.notExported)")
        #expect(export.notExported.first?.message.contains("WireMock 2.35 has no streams") == true)
    }
}
