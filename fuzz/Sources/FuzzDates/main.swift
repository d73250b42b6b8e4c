// libFuzzer target: any text through the date parser, in zones with and without daylight saving.
import CFuzzerDriver
import Foundation
import Herald

private let zones = ["UTC", "Asia/Shanghai", "America/New_York", "Australia/Lord_Howe"].map {
    TimeZone(identifier: $0)!
}

private func fuzzDates(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count), as: UTF8.self)
    for zone in zones {
        if case .success(let parsed) = DateParser.parse(text, timeZone: zone) {
            // What the parser accepts must be a real calendar date, and its instant must be finite.
            precondition(parsed.civil.isValid, "accepted an impossible date: \(text)")
            precondition(parsed.instant.timeIntervalSince1970.isFinite)
            // Round trip: in UTC (no daylight-saving gaps), a time written without an offset reads
            // back as the same wall-clock time.
            if zone.identifier == "UTC", !parsed.hasOffset {
                precondition(CivilDateTime(parsed.instant, in: zone) == parsed.civil, "round trip failed: \(text)")
            }
        }
    }
    _ = DateParser.parseInstant(text)
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzDates(data, size) })
